#include "cuda_check.h"

namespace accellab::kernels::cuda {

CudaError::CudaError(cudaError_t code, const char* call, const char* file, int line)
    : std::runtime_error(std::string("CUDA error: ") + cudaGetErrorString(code) + " (" +
                         cudaGetErrorName(code) + ") in " + call + " at " + file + ":" +
                         std::to_string(line)),
      code_(code),
      text_(cudaGetErrorString(code)) {}

}  // namespace accellab::kernels::cuda
