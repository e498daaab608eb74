// The launch gate's kernel: the stream waits while it spins on the host's flag.
#include "cuda_check.h"
#include "launchers.h"

namespace accellab::kernels::cuda {
namespace {

constexpr int kOpen = 0;
constexpr int kTimedOut = 1;

// Nanoseconds of the GPU's global timer: unlike clock64(), wall time whatever the clocks do.
__device__ std::uint64_t globalNanoseconds() {
  std::uint64_t now = 0;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
  return now;
}

// volatile: every test reads the host's flag anew, over the bus.
__global__ void gateKernel(volatile unsigned* flags, std::uint64_t timeoutNs) {
  const std::uint64_t start = globalNanoseconds();
  while (flags[kOpen] == 0) {
    if (globalNanoseconds() - start > timeoutNs) {
      flags[kTimedOut] = 1;
      __threadfence_system();
      return;
    }
    // A microsecond between reads spares the bus; the opening is seen at most that late,
    // before the first event behind the gate, so no time measured includes it.
    __nanosleep(1000);
  }
}

}  // namespace

void launchGate(unsigned* flags, std::uint64_t timeoutNs, cudaStream_t stream) {
  gateKernel<<<1, 1, 0, stream>>>(flags, timeoutNs);
  ACCELLAB_CUDA_CHECK(cudaGetLastError());
}

void loadGateKernel() {
  cudaFuncAttributes attributes{};
  ACCELLAB_CUDA_CHECK(cudaFuncGetAttributes(&attributes, gateKernel));
}

}  // namespace accellab::kernels::cuda
