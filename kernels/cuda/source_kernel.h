// A --cuda-source entry (cuda_source.h) compiled by NVRTC for the current device and loaded
// with the runtime's library API (cudaLibraryLoadData): launched on a run's stream as the
// kernels compiled into AccelLab are. Included by CUDA files only.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <memory>
#include <string>

#include "accellab/kernel.h"
#include "cuda_source.h"

namespace accellab::kernels::cuda {

class SourceKernel {
 public:
  // Threads per block of every launch: one thread per element, as docs/cuda-source.md says.
  static constexpr unsigned kThreads = 256;

  // `source`'s entry<typeName> on the current device, `device`: compiled (or read from the
  // kernel cache) and loaded. Throws gpu::CudaSourceError for NVRTC's refusal and CudaError
  // when the device refuses the code.
  SourceKernel(const gpu::CudaSource& source, const std::string& typeName, int device);
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

// Launches `kernel` over `threads` threads with `args` as its arguments, in order.
template <class... Args>
void launchWith(const SourceKernel& kernel, std::uint64_t threads, cudaStream_t stream,
                Args... args) {
  void* pointers[] = {static_cast<void*>(&args)...};
  kernel.launch(threads, pointers, stream);
}

}  // namespace accellab::kernels::cuda
