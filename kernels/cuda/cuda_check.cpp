#include "cuda_check.h"

#include "accellab/process_loss.h"

namespace accellab::kernels::cuda {

namespace {

// The errors after which the context is unusable until the process exits (CUDA Runtime API,
// "cudaError": "the process must be terminated and relaunched").
bool sticky(cudaError_t code) {
  switch (code) {
    case cudaErrorIllegalAddress:
    case cudaErrorLaunchFailure:
    case cudaErrorIllegalInstruction:
    case cudaErrorMisalignedAddress:
    case cudaErrorInvalidAddressSpace:
    case cudaErrorInvalidPc:
    case cudaErrorHardwareStackError:
    case cudaErrorAssert:
    case cudaErrorLaunchTimeout:
    case cudaErrorECCUncorrectable:
      return true;
    default:
      return false;
  }
}

}  // namespace

CudaError::CudaError(cudaError_t code, const char* call, const char* file, int line)
    : std::runtime_error(std::string("CUDA error: ") + cudaGetErrorString(code) + " (" +
                         cudaGetErrorName(code) + ") in " + call + " at " + file + ":" +
                         std::to_string(line) + (sticky(code) ? std::string(kProcessLost) : "")),
      code_(code),
      text_(cudaGetErrorString(code)) {}

}  // namespace accellab::kernels::cuda
