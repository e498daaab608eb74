#include "source_kernel.h"

#include <chrono>
#include <limits>

#include "cuda_check.h"
#include "gpu.h"
#include "nvrtc_compiler.h"

namespace accellab::kernels::cuda {
namespace {

int attribute(cudaDeviceAttr which, int device) {
  int value = 0;
  ACCELLAB_CUDA_CHECK(cudaDeviceGetAttribute(&value, which, device));
  return value;
}

}  // namespace

SourceKernel::SourceKernel(const gpu::CudaSource& source, const std::string& typeName, int device,
                           std::stop_token stop) {
  int driver = 0;
  ACCELLAB_CUDA_CHECK(cudaDriverGetVersion(&driver));
  const CompileTarget target{
      .computeCapability = attribute(cudaDevAttrComputeCapabilityMajor, device) * 10 +
                           attribute(cudaDevAttrComputeCapabilityMinor, device),
      .driverVersion = driver};
  CompiledCode compiled = compileEntry(source, typeName, target, std::move(stop));
  build_ = compiled.build;
  const auto start = std::chrono::steady_clock::now();
  ACCELLAB_CUDA_CHECK(cudaLibraryLoadData(&library_, compiled.code.data(), nullptr, nullptr, 0,
                                          nullptr, nullptr, 0));
  try {
    ACCELLAB_CUDA_CHECK(cudaLibraryGetKernel(&kernel_, library_, compiled.loweredName.c_str()));
  } catch (...) {
    ignore(cudaLibraryUnload(library_));
    throw;
  }
  build_.loadS = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

SourceKernel::~SourceKernel() { ignore(cudaLibraryUnload(library_)); }

void SourceKernel::launch(std::uint64_t elements, void** args, cudaStream_t stream) const {
  if (elements == 0) return;
  const std::uint64_t blocks = (elements + kThreads - 1) / kThreads;
  if (blocks > static_cast<std::uint64_t>(std::numeric_limits<int>::max()))
    throw gpu::CudaSourceError(std::to_string(elements) +
                               " elements need more blocks than a grid has");
  // A cudaKernel_t is launched as a function address (cuda_runtime_api.h).
  ACCELLAB_CUDA_CHECK(cudaLaunchKernel(reinterpret_cast<const void*>(kernel_),
                                       dim3(static_cast<unsigned>(blocks)), dim3(kThreads), args, 0,
                                       stream));
}

}  // namespace accellab::kernels::cuda

namespace accellab::kernels::gpu {

Availability nvrtcAvailability() { return cuda::nvrtcAvailability(); }

void checkCudaSource(const CudaSource& source, const std::vector<DType>& dtypes,
                     std::stop_token stop) {
  if (!cuda::nvrtcAvailability().available) return;
  for (DType dtype : dtypes) cuda::compileEntry(source, cudaTypeName(dtype), {}, stop);
}

}  // namespace accellab::kernels::gpu
