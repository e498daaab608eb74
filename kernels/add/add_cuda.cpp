// The gpu variants of add on DeviceRun (cuda/device_run.h): buffers allocated once per
// prepared run and reused by every repetition. After the timed phase, the same copies from and
// to plain heap memory, as a program that never pins its arrays pays for them.
#include <cstddef>
#include <string>

#include "add_launch.h"
#include "add_variants.h"
#include "add_verify.h"
#include "arrays/array_data.h"
#include "arrays/array_problem.h"
#include "arrays/host_array.h"
#include "cuda/device_run.h"
#include "cuda/source_kernel.h"

namespace accellab::kernels::add {
namespace {

using cuda::DeviceBuffer;
using cuda::PinnedBuffer;

template <class T>
using AddLaunch = cuda::WorkLaunch<const T*, T*, std::uint64_t, T>;

template <class T>
class AddWork final : public cuda::DeviceWork {
 public:
  AddWork(const Shape3& shape, std::size_t elements, std::uint64_t seed, std::uint64_t first,
          AddLaunch<T> launch)
      : shape_(shape),
        launch_(std::move(launch)),
        deviceIn_(elements),
        deviceOut_(elements),
        pinnedIn_(elements),
        pinnedOut_(elements),
        pageableIn_(elements),
        pageableOut_(elements) {
    // The same numbers in both, so the device input is too.
    fillUniform(pinnedIn_.span(), seed, 0, first);
    fillUniform(pageableIn_.span(), seed, 0, first);
  }

  cuda::Copies copies() const override {
    const std::size_t bytes = deviceIn_.bytes();
    return {.in = {{deviceIn_.data(), pinnedIn_.data(), bytes}},
            .out = {{deviceOut_.data(), pinnedOut_.data(), bytes}},
            .pageableIn = {{deviceIn_.data(), pageableIn_.span().data(), bytes}},
            .pageableOut = {{deviceOut_.data(), pageableOut_.span().data(), bytes}}};
  }

  void load(cudaStream_t stream) override {
    add::loadAddKernels();
    // One element through the launch loads a library's kernels now, not behind the gate.
    launch_.call(deviceIn_.data(), deviceOut_.data(), 1, T(kAddend), stream);
  }

  // One launch: even the largest array the device holds takes only milliseconds.
  void launch(std::uint64_t, cudaStream_t stream) override {
    launch_.call(deviceIn_.data(), deviceOut_.data(), deviceIn_.size(), T(kAddend), stream);
  }

  void poisonHost() override {
    poison(pinnedOut_.span());
    poison(pageableOut_.span());
  }

  Verification verify() const override {
    Verification pinned = verifyAdd<T>(pinnedIn_.span(), pinnedOut_.span(), shape_);
    if (!pinned.ok) return pinned;
    Verification pageable = verifyAdd<T>(pinnedIn_.span(), pageableOut_.span(), shape_);
    if (!pageable.ok) pageable.detail = "pageable copy: " + pageable.detail;
    return pageable.ok ? pinned : pageable;
  }

  std::optional<CodeBuild> codeBuild() const override { return launch_.build; }

 private:
  Shape3 shape_;
  AddLaunch<T> launch_;
  DeviceBuffer<T> deviceIn_;
  DeviceBuffer<T> deviceOut_;
  PinnedBuffer<T> pinnedIn_;
  PinnedBuffer<T> pinnedOut_;
  HostArray<T> pageableIn_;
  HostArray<T> pageableOut_;
};

template <class T>
std::unique_ptr<KernelRun> prepare(const RunRequest& request, AddLaunch<T> launch) {
  const Shape3 shape = shapeOf(request.params);
  const auto elements = static_cast<std::size_t>(elementCount(shape).value());
  return cuda::prepareDeviceRun<AddWork<T>>(request.gpuDevice, shape, elements, request.params.seed,
                                            request.firstElement, std::move(launch));
}

}  // namespace

std::unique_ptr<KernelRun> prepareGpu(const RunRequest& request) {
  return forDType(request.params.dtype, [&]<class T>(T) {
    return prepare<T>(
        request, {static_cast<void (*)(const T*, T*, std::uint64_t, T, cudaStream_t)>(&launchAdd)});
  });
}

std::unique_ptr<KernelRun> prepareGpuLibrary(const RunRequest& request) {
  return forDType(request.params.dtype, [&]<class T>(T) {
    return prepare<T>(
        request,
        {static_cast<void (*)(const T*, T*, std::uint64_t, T, cudaStream_t)>(&launchAddLibrary)});
  });
}

std::unique_ptr<KernelRun> prepareGpuSource(const RunRequest& request,
                                            const gpu::CudaSource& source) {
  return forDType(request.params.dtype, [&]<class T>(T) {
    return prepare<T>(request, cuda::sourceLaunch<2, const T*, T*, std::uint64_t, T>(
                                   source, request.params.dtype, request.gpuDevice, request.stop));
  });
}

}  // namespace accellab::kernels::add
