// The one way this library calls CUDA: ACCELLAB_CUDA_CHECK(cudaCall(...)) throws a
// CudaError naming the call, file and line. Included only by the files of this folder.
#pragma once

#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

namespace accellab::kernels::cuda {

class CudaError : public std::runtime_error {
 public:
  CudaError(cudaError_t code, const char* call, const char* file, int line);
  cudaError_t code() const { return code_; }
  // CUDA's own words for the error ("no CUDA-capable device is detected").
  const std::string& text() const { return text_; }

 private:
  cudaError_t code_;
  std::string text_;
};

// A failing call also leaves its error as the runtime's last error, where it stays until
// read: the next launch check (cudaGetLastError) would report it again, against a launch that
// went well (a refused cudaMalloc made the next point fail). Reading it here, once for every
// call, clears it; sticky errors (a faulting kernel) stay, as they must.
inline void check(cudaError_t code, const char* call, const char* file, int line) {
  if (code != cudaSuccess) {
    static_cast<void>(cudaGetLastError());
    throw CudaError(code, call, file, line);
  }
}

// For destructors, which must not throw: drops a failed release, and the last error it left.
inline void ignore(cudaError_t code) noexcept {
  if (code != cudaSuccess) static_cast<void>(cudaGetLastError());
}

}  // namespace accellab::kernels::cuda

#define ACCELLAB_CUDA_CHECK(call) \
  ::accellab::kernels::cuda::check((call), #call, __FILE__, __LINE__)
