// The gpu variants of the triad on DeviceRun (cuda/device_run.h): device and pinned buffers
// allocated once per prepared run; b and c in, the kernel, a back, each between its own events.
#include "arrays/array_data.h"
#include "cuda/device_run.h"
#include "cuda/source_kernel.h"
#include "triad_launch.h"
#include "triad_variants.h"
#include "triad_verify.h"

namespace accellab::kernels::triad {
namespace {

using cuda::DeviceBuffer;
using cuda::PinnedBuffer;

template <class T>
using TriadLaunch = cuda::WorkLaunch<const T*, const T*, T*, std::uint64_t, T>;
template <class T>
using TriadLauncher = void (*)(const T*, const T*, T*, std::uint64_t, T, cudaStream_t);

template <class T>
class TriadWork final : public cuda::DeviceWork {
 public:
  TriadWork(const Shape3& shape, std::size_t elements, std::uint64_t seed, std::uint64_t first,
            TriadLaunch<T> launch)
      : shape_(shape),
        launch_(std::move(launch)),
        deviceB_(elements),
        deviceC_(elements),
        deviceA_(elements),
        pinnedB_(elements),
        pinnedC_(elements),
        pinnedA_(elements) {
    fillUniform(pinnedB_.span(), seed, kStreamB, first);
    fillUniform(pinnedC_.span(), seed, kStreamC, first);
  }

  cuda::Copies copies() const override {
    const std::size_t bytes = deviceA_.bytes();
    return {.in = {{deviceB_.data(), pinnedB_.data(), bytes},
                   {deviceC_.data(), pinnedC_.data(), bytes}},
            .out = {{deviceA_.data(), pinnedA_.data(), bytes}},
            .pageableIn = {},
            .pageableOut = {}};
  }

  void load(cudaStream_t stream) override {
    loadTriadKernels();
    // One element through the launch loads a library's kernels now, not behind the gate.
    launch_.call(deviceB_.data(), deviceC_.data(), deviceA_.data(), 1, T(kScale), stream);
  }

  void launch(std::uint64_t, cudaStream_t stream) override {
    launch_.call(deviceB_.data(), deviceC_.data(), deviceA_.data(), deviceA_.size(), T(kScale),
                 stream);
  }

  void poisonHost() override { poison(pinnedA_.span()); }

  Verification verify() const override {
    return verifyTriad<T>(pinnedB_.span(), pinnedC_.span(), pinnedA_.span(), shape_);
  }

  std::optional<CodeBuild> codeBuild() const override { return launch_.build; }

 private:
  Shape3 shape_;
  TriadLaunch<T> launch_;
  DeviceBuffer<T> deviceB_;
  DeviceBuffer<T> deviceC_;
  DeviceBuffer<T> deviceA_;
  PinnedBuffer<T> pinnedB_;
  PinnedBuffer<T> pinnedC_;
  PinnedBuffer<T> pinnedA_;
};

template <class T>
std::unique_ptr<KernelRun> prepare(const RunRequest& request, TriadLaunch<T> launch) {
  const Shape3 shape = request.params.shape.value();
  const auto elements = static_cast<std::size_t>(elementCount(shape).value());
  return cuda::prepareDeviceRun<TriadWork<T>>(request.gpuDevice, shape, elements,
                                              request.params.seed, request.firstElement,
                                              std::move(launch));
}

}  // namespace

std::unique_ptr<KernelRun> prepareGpu(const RunRequest& request) {
  return forDType(request.params.dtype, [&]<class T>(T) {
    return prepare<T>(request, {static_cast<TriadLauncher<T>>(&launchTriad)});
  });
}

std::unique_ptr<KernelRun> prepareGpuLibrary(const RunRequest& request) {
  return forDType(request.params.dtype, [&]<class T>(T) {
    return prepare<T>(request, {static_cast<TriadLauncher<T>>(&launchTriadLibrary)});
  });
}

std::unique_ptr<KernelRun> prepareGpuSource(const RunRequest& request,
                                            const gpu::CudaSource& source) {
  return forDType(request.params.dtype, [&]<class T>(T) {
    return prepare<T>(request, cuda::sourceLaunch<3, const T*, const T*, T*, std::uint64_t, T>(
                                   source, request.params.dtype, request.gpuDevice, request.stop));
  });
}

}  // namespace accellab::kernels::triad
