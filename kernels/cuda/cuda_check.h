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

inline void check(cudaError_t code, const char* call, const char* file, int line) {
  if (code != cudaSuccess) throw CudaError(code, call, file, line);
}

}  // namespace accellab::kernels::cuda

#define ACCELLAB_CUDA_CHECK(call) \
  ::accellab::kernels::cuda::check((call), #call, __FILE__, __LINE__)
