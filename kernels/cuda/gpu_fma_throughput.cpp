// The compute ceilings of a GPU: FMA chains in registers on every resident thread, timed
// with events, best of several runs.
#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>

#include "cuda_resources.h"
#include "gpu.h"
#include "launchers.h"

namespace accellab::kernels::gpu {
namespace {

// The warm-up's length; the timed runs grow from it to about kRunSeconds each: far beyond the
// event's resolution of about a microsecond, far below a display watchdog's limit.
constexpr std::uint64_t kWarmUpSteps = std::uint64_t{1} << 12;
constexpr double kRunSeconds = 0.01;
constexpr int kRuns = 5;

template <class T>
double measure() {
  const int blocks = cuda::fmaBlocks<T>();
  cuda::DeviceBuffer<T> out(static_cast<std::size_t>(blocks) * cuda::fmaThreads());
  cuda::Stream stream;
  std::array<cuda::Event, kRuns + 1> marks;

  marks[0].record(stream);
  cuda::launchFmaChains(out.data(), kWarmUpSteps, blocks, stream.get());
  marks[1].record(stream);
  marks[1].synchronize();
  const double warmUpSeconds = cuda::Event::secondsBetween(marks[0], marks[1]);
  const std::uint64_t steps = std::max(
      kWarmUpSteps,
      static_cast<std::uint64_t>(kWarmUpSteps * kRunSeconds / std::max(warmUpSeconds, 1e-6)));

  double flops = 0;
  marks[0].record(stream);
  for (int run = 0; run < kRuns; ++run) {
    flops = cuda::launchFmaChains(out.data(), steps, blocks, stream.get());
    marks[run + 1].record(stream);
  }
  marks[kRuns].synchronize();
  double best = std::numeric_limits<double>::infinity();
  for (int run = 0; run < kRuns; ++run)
    best = std::min(best, cuda::Event::secondsBetween(marks[run], marks[run + 1]));
  return flops / best;
}

}  // namespace

double measureFmaThroughput(int device, DType dtype) {
  cuda::selectDevice(device);
  cuda::loadFmaKernels();
  return forDType(dtype, []<class T>(T) { return measure<T>(); });
}

}  // namespace accellab::kernels::gpu
