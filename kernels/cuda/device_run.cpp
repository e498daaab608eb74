#include "device_run.h"

#include <algorithm>

#include "event_wait.h"

namespace accellab::kernels::cuda {
namespace {

// Pageable copies go in pieces of 256 MiB (tens of ms over the bus) so that a stop request
// is seen between them; each returns once its data is staged or delivered.
constexpr std::size_t kPageablePieceBytes = std::size_t{256} << 20;

constexpr RunOutcome kCancelled{.cancelled = true, .timedS = std::nullopt, .gpu = std::nullopt};

// Queues `bytes` of `transfer` from `offset` on, in the direction `kind` (host to device or
// device to host).
void queueCopy(const Transfer& transfer, cudaMemcpyKind kind, std::size_t offset, std::size_t bytes,
               const Stream& stream) {
  char* device = static_cast<char*>(transfer.device) + offset;
  char* host = static_cast<char*>(transfer.host) + offset;
  const bool toDevice = kind == cudaMemcpyHostToDevice;
  ACCELLAB_CUDA_CHECK(cudaMemcpyAsync(toDevice ? device : host, toDevice ? host : device, bytes,
                                      kind, stream.get()));
}

}  // namespace

DeviceRun::DeviceRun(int device, std::unique_ptr<DeviceWork> work)
    : device_(device), work_(std::move(work)), copies_(work_->copies()) {
  try {
    work_->load(stream_.get());
    stream_.synchronize();
    poisonOutput();
  } catch (...) {
    stream_.drain();  // no first launch may still be using a buffer once the error is out
    throw;
  }
}

// The work's buffers are released next, on the device they live on, once nothing queued
// still uses them.
DeviceRun::~DeviceRun() {
  selectDeviceQuietly(device_);
  stream_.drain();
}

void DeviceRun::poisonOutput() {
  selectDevice(device_);
  work_->poisonHost();
  // All ones: a NaN in both floating-point types, and more than any count.
  for (const Transfer& out : copies_.out)
    ACCELLAB_CUDA_CHECK(cudaMemsetAsync(out.device, 0xFF, out.bytes, stream_.get()));
  stream_.synchronize();
}

RunOutcome DeviceRun::run(std::stop_token stop) {
  selectDevice(device_);
  if (stop.stop_requested()) return kCancelled;
  try {
    return timedRun(stop);
  } catch (...) {
    stream_.drain();  // no copy or launch may still be using a buffer once the error is out
    throw;
  }
}

std::string DeviceRun::isa() const { return "CUDA device " + std::to_string(device_); }

RunOutcome DeviceRun::timedRun(const std::stop_token& stop) {
  work_->beforeRun(stream_.get());
  LaunchGate::Closed closed = gate_.close(stream_);
  start_.record(stream_);
  queueCopies(copies_.in, cudaMemcpyHostToDevice);
  copiedIn_.record(stream_);
  const std::uint64_t launches = work_->launches();
  std::uint64_t queued = 0;
  while (queued < std::min(launches, kQueuedLaunches)) queueLaunch(queued++, launches);
  closed.open();
  // Launch `waited` ends while launch waited + 1 runs: queue the one after, in the event slot
  // of the launch that just ended.
  for (std::uint64_t waited = 0; queued < launches; ++waited) {
    if (!waitUnlessStopped(launched_[waited % kQueuedLaunches], stop)) return cancelled();
    queueLaunch(queued++, launches);
  }
  // The queued work cannot be recalled: a stop waits for it, then the run reports itself
  // cancelled.
  if (!waitUnlessStopped(end_, stop)) return cancelled();
  gate_.checkOpenedInTime();

  GpuTiming timing;
  // With nothing to copy in, the launches start the timed work and h2dS stays 0.
  const Event& launchesStart = copies_.in.empty() ? start_ : copiedIn_;
  timing.h2dS = copies_.in.empty() ? 0 : Event::secondsBetween(start_, copiedIn_);
  timing.kernelS = Event::secondsBetween(launchesStart, computed_);
  timing.d2hS = Event::secondsBetween(computed_, end_);
  timing.endToEndS = Event::secondsBetween(start_, end_);
  if (!timePageableCopies(timing, stop)) return cancelled();
  return {.cancelled = false, .timedS = timing.kernelS, .gpu = timing};
}

// Launch `index` and the event of its end; after the last, the outputs back between the
// events of d2h.
void DeviceRun::queueLaunch(std::uint64_t index, std::uint64_t launches) {
  work_->launch(index, stream_.get());
  launched_[index % kQueuedLaunches].record(stream_);
  if (index + 1 < launches) return;
  computed_.record(stream_);
  queueCopies(copies_.out, cudaMemcpyDeviceToHost);
  end_.record(stream_);
}

void DeviceRun::queueCopies(const std::vector<Transfer>& transfers, cudaMemcpyKind kind) {
  for (const Transfer& transfer : transfers) queueCopy(transfer, kind, 0, transfer.bytes, stream_);
}

// False when a stop was requested before a piece; the stream still holds what was queued.
bool DeviceRun::copyPageable(const std::vector<Transfer>& transfers, cudaMemcpyKind kind,
                             const std::stop_token& stop) {
  for (const Transfer& transfer : transfers) {
    for (std::size_t done = 0; done < transfer.bytes; done += kPageablePieceBytes) {
      if (stop.stop_requested()) return false;
      queueCopy(transfer, kind, done, std::min(kPageablePieceBytes, transfer.bytes - done),
                stream_);
    }
  }
  return true;
}

// After the pinned phase, outside its end-to-end time; nothing to gate, as a pageable copy
// holds the host until the device has taken (or delivered) its data. False when stopped.
bool DeviceRun::timePageableCopies(GpuTiming& timing, const std::stop_token& stop) {
  if (copies_.pageableIn.empty() && copies_.pageableOut.empty()) return true;
  pageableStart_.record(stream_);
  if (!copyPageable(copies_.pageableIn, cudaMemcpyHostToDevice, stop)) return false;
  pageableCopiedIn_.record(stream_);
  if (!copyPageable(copies_.pageableOut, cudaMemcpyDeviceToHost, stop)) return false;
  pageableEnd_.record(stream_);
  pageableEnd_.synchronize();
  timing.h2dPageableS = Event::secondsBetween(pageableStart_, pageableCopiedIn_);
  timing.d2hPageableS = Event::secondsBetween(pageableCopiedIn_, pageableEnd_);
  return true;
}

RunOutcome DeviceRun::cancelled() {
  stream_.synchronize();
  return kCancelled;
}

}  // namespace accellab::kernels::cuda
