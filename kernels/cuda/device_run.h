// The run every device variant shares (DeviceRun) around what each kernel gives it
// (DeviceWork): its buffers, its launches and the check of its result. A run is queued whole
// behind the launch gate (launch_gate.h), so no launch latency falls between two events: the
// inputs in from pinned memory, the launches, the outputs back, each phase between its own
// events. Then, for a kernel that asks for it, the same copies from and to pageable heap
// memory, as a program that never pins its arrays pays for them. Included by CUDA files only.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>
#include <utility>
#include <vector>

#include "accellab/kernel.h"
#include "cuda_resources.h"
#include "launch_gate.h"

namespace accellab::kernels::cuda {

// A copy between a device buffer and a host buffer of `bytes`, both the work's for its whole
// life; its direction is that of the list that holds it (Copies).
struct Transfer {
  void* device;
  void* host;
  std::size_t bytes;
};

// `in`: pinned host to device, timed as h2d; `out`: device to pinned host, timed as d2h, whose
// device sides are the outputs the run poisons. `pageableIn` and `pageableOut`: the same from
// and to heap memory, timed after the pinned phase; none, and both pageable times stay 0.
struct Copies {
  std::vector<Transfer> in;
  std::vector<Transfer> out;
  std::vector<Transfer> pageableIn;
  std::vector<Transfer> pageableOut;
};

// A kernel's part of a device run. It allocates its buffers on the current device when it is
// made, device buffers first (a device that refuses the size costs no pinning of host
// memory). What it queues goes on the stream it is given, every call checked (cuda_check.h).
class DeviceWork {
 public:
  virtual ~DeviceWork() = default;
  // The same for the work's life: DeviceRun asks once.
  virtual Copies copies() const = 0;
  // Loads every kernel the launches use on the current device, once, before any gate: the
  // own kernels' load functions, and a first launch of a library's, which picks and loads its
  // kernels at its first call.
  virtual void load(cudaStream_t stream) = 0;
  // Launches per run, at least 1; launch `index` of them.
  virtual std::uint64_t launches() const { return 1; }
  virtual void launch(std::uint64_t index, cudaStream_t stream) = 0;
  // Set-up of every run, queued before the gate and untimed (pi zeroes its counter).
  virtual void beforeRun(cudaStream_t) {}
  // Fills the host outputs with a value no correct run produces.
  virtual void poisonHost() = 0;
  virtual Verification verify() const = 0;
  // The code the work compiled for its launches (a user's source); none for AccelLab's own.
  virtual std::optional<CodeBuild> codeBuild() const { return std::nullopt; }
  // What the work reports besides its times (a plugin's values), once verified.
  virtual std::vector<ReportedValue> reportedValues() const { return {}; }
};

// What a work launches: a launcher compiled into AccelLab, or a user's compiled source
// (source_kernel.h), which also says what it built; called with the launcher's arguments.
template <class... Args>
struct WorkLaunch {
  std::function<void(Args..., cudaStream_t)> call;
  std::optional<CodeBuild> build{};
};

class DeviceRun final : public KernelRun {
 public:
  // Launches queued at once: the running one and the next, so the device never idles between
  // launches and the host sees a stop between them. A stop waits for both, so a work of many
  // launches keeps each to tens of milliseconds; a single launch is waited for whole.
  static constexpr std::uint64_t kQueuedLaunches = 2;

  // On `device`, already the current one, where `work` has its buffers. Loads the work's
  // kernels and poisons its outputs.
  DeviceRun(int device, std::unique_ptr<DeviceWork> work);
  DeviceRun(const DeviceRun&) = delete;
  DeviceRun& operator=(const DeviceRun&) = delete;
  ~DeviceRun() override;

  void poisonOutput() override;
  RunOutcome run(std::stop_token stop) override;
  Verification verify() const override { return work_->verify(); }
  // Names the device: a session whose runs used several GPUs says which ran each point.
  std::string isa() const override;
  std::optional<CodeBuild> codeBuild() const override { return work_->codeBuild(); }
  std::vector<ReportedValue> reportedValues() const override { return work_->reportedValues(); }

 private:
  RunOutcome timedRun(const std::stop_token& stop);
  void queueLaunch(std::uint64_t index, std::uint64_t launches);
  void queueCopies(const std::vector<Transfer>& transfers, cudaMemcpyKind kind);
  bool copyPageable(const std::vector<Transfer>& transfers, cudaMemcpyKind kind,
                    const std::stop_token& stop);
  bool timePageableCopies(GpuTiming& timing, const std::stop_token& stop);
  RunOutcome cancelled();

  int device_;
  // The gate before the stream, so its flags outlive the stream's last gate.
  LaunchGate gate_;
  Stream stream_;
  Event start_;
  Event copiedIn_;
  std::array<Event, kQueuedLaunches> launched_;
  Event computed_;
  Event end_;
  Event pageableStart_;
  Event pageableCopiedIn_;
  Event pageableEnd_;
  // Last, so released first, while the stream its work went to (a library handle's) is
  // still there; the destructor drains the stream before.
  std::unique_ptr<DeviceWork> work_;
  Copies copies_;
};

// Selects `device`, makes the kernel's work there (Work's constructor takes `args`) and the
// run around it. Throws std::runtime_error (with CUDA's error text) when the device refuses.
template <class Work, class... Args>
std::unique_ptr<KernelRun> prepareDeviceRun(int device, Args&&... args) {
  selectDevice(device);
  return std::make_unique<DeviceRun>(device, std::make_unique<Work>(std::forward<Args>(args)...));
}

}  // namespace accellab::kernels::cuda
