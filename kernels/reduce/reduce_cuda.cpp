// The gpu variants of reduce on DeviceRun (cuda/device_run.h): device and pinned buffers
// allocated once per prepared run; the array in, the launches, the sum back, each between its
// own events.
#include <algorithm>
#include <limits>

#include "arrays/array_data.h"
#include "cuda/device_run.h"
#include "reduce_launch.h"
#include "reduce_variants.h"
#include "reduce_verify.h"

namespace accellab::kernels::reduce {
namespace {

using cuda::DeviceBuffer;
using cuda::PinnedBuffer;

// AccelLab's own two launches, or CUB's DeviceReduce (gpu-lib) in `temp`.
template <class T>
using ReduceLaunch = void (*)(const T* x, std::uint64_t n, T* partials, T* sum, void* temp,
                              std::size_t tempBytes, cudaStream_t stream);

template <class T>
void launchOwn(const T* x, std::uint64_t n, T* partials, T* sum, void*, std::size_t,
               cudaStream_t stream) {
  launchReduce(x, n, partials, sum, stream);
}

template <class T>
class ReduceWork final : public cuda::DeviceWork {
 public:
  ReduceWork(std::size_t elements, std::uint64_t seed, std::uint64_t first, bool library)
      : launch_(library ? ReduceLaunch<T>{&launchReduceLibrary} : &launchOwn<T>),
        deviceValues_(elements),
        devicePartials_(2 * kReduceBlocks),
        deviceSum_(1),
        temp_(std::max<std::size_t>(
            1, library ? reduceLibraryTempBytes(static_cast<const T*>(nullptr), elements) : 0)),
        pinnedValues_(elements),
        pinnedSum_(1) {
    fillUniform(pinnedValues_.span(), seed, 0, first);  // the CPU runs' stream: the same values
  }

  cuda::Copies copies() const override {
    return {.in = {{deviceValues_.data(), pinnedValues_.data(), deviceValues_.bytes()}},
            .out = {{deviceSum_.data(), pinnedSum_.data(), deviceSum_.bytes()}},
            .pageableIn = {},
            .pageableOut = {}};
  }

  void load(cudaStream_t stream) override {
    loadReduceKernels();
    // A first launch loads a library's kernels now, not behind the gate.
    launch(0, stream);
  }

  void launch(std::uint64_t, cudaStream_t stream) override {
    launch_(deviceValues_.data(), deviceValues_.size(), devicePartials_.data(), deviceSum_.data(),
            temp_.data(), temp_.bytes(), stream);
  }

  void poisonHost() override { pinnedSum_.data()[0] = std::numeric_limits<T>::quiet_NaN(); }

  // The tree's shape is fixed, so the sum is the same on every run and device; its merges
  // are compensated, so the tolerance is the CPU's.
  Verification verify() const override {
    return verifyReduce<T>(pinnedValues_.span(), pinnedSum_.data()[0], compensatedTolerance<T>());
  }

 private:
  ReduceLaunch<T> launch_;
  DeviceBuffer<T> deviceValues_;
  DeviceBuffer<T> devicePartials_;
  DeviceBuffer<T> deviceSum_;
  DeviceBuffer<unsigned char> temp_;
  PinnedBuffer<T> pinnedValues_;
  PinnedBuffer<T> pinnedSum_;
};

std::unique_ptr<KernelRun> prepare(const RunRequest& request, bool library) {
  const auto elements =
      static_cast<std::size_t>(elementCount(request.params.shape.value()).value());
  const std::uint64_t seed = request.params.seed;
  return forDType(request.params.dtype, [&]<class T>(T) {
    return cuda::prepareDeviceRun<ReduceWork<T>>(request.gpuDevice, elements, seed,
                                                 request.firstElement, library);
  });
}

}  // namespace

std::unique_ptr<KernelRun> prepareGpu(const RunRequest& request) { return prepare(request, false); }

std::unique_ptr<KernelRun> prepareGpuLibrary(const RunRequest& request) {
  return prepare(request, true);
}

}  // namespace accellab::kernels::reduce
