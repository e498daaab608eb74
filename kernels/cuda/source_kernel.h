// A --cuda-source entry (cuda_source.h) compiled by NVRTC for the current device and loaded
// with the runtime's library API (cudaLibraryLoadData): launched on a run's stream as the
// kernels compiled into AccelLab are. Included by CUDA files only. The element count is passed
// to the entry as the unsigned long long its signature names: the same 64 bits as uint64_t.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <memory>
#include <string>
#include <tuple>

#include "accellab/kernel.h"
#include "cuda_source.h"
#include "device_run.h"

namespace accellab::kernels::cuda {

class SourceKernel {
 public:
  // Threads per block of every launch: one thread per element, as docs/cuda-source.md says.
  static constexpr unsigned kThreads = 256;

  // `source`'s entry<typeName> on the current device, `device`: compiled (or read from the
  // kernel cache) and loaded. Throws gpu::CudaSourceError for NVRTC's refusal and CudaError
  // when the device refuses the code.
  // `stop` ends the compile within a fraction of a second (compileEntry).
  SourceKernel(const gpu::CudaSource& source, const std::string& typeName, int device,
               std::stop_token stop = {});
  SourceKernel(const SourceKernel&) = delete;
  SourceKernel& operator=(const SourceKernel&) = delete;
  ~SourceKernel();

  // Queues one launch over `elements` threads on `stream`; `args` point at the entry's
  // arguments in order, as cudaLaunchKernel takes them. None for no elements.
  void launch(std::uint64_t elements, void** args, cudaStream_t stream) const;
  // The compile and the load, for the point (CodeBuild).
  const CodeBuild& build() const { return build_; }

 private:
  cudaLibrary_t library_ = nullptr;
  cudaKernel_t kernel_ = nullptr;
  CodeBuild build_;
};

// `source`'s entry for `dtype`, compiled and loaded on `device` (made the current one), as the
// launch a work calls: with the arguments of the launcher compiled into AccelLab it stands in
// for, the one at `CountAt` the element count, one thread each; and what it built.
template <std::size_t CountAt, class... Args>
WorkLaunch<Args...> sourceLaunch(const gpu::CudaSource& source, DType dtype, int device,
                                 std::stop_token stop = {}) {
  selectDevice(device);
  auto kernel =
      std::make_shared<const SourceKernel>(source, gpu::cudaTypeName(dtype), device, stop);
  CodeBuild build = kernel->build();
  return {[kernel](Args... args, cudaStream_t stream) {
            const std::uint64_t elements = std::get<CountAt>(std::tie(args...));
            void* pointers[] = {static_cast<void*>(&args)...};
            kernel->launch(elements, pointers, stream);
          },
          std::move(build)};
}

}  // namespace accellab::kernels::cuda
