// Where a plugin's device variants run (plugin.h's on_device, accellab_device_work), in plain
// C++: core describes the work, AccelLab's CUDA build (kernels/cuda/plugin_device.cpp) copies,
// launches and times it as it does its own gpu variants. A build without CUDA gives none, and
// the variants are unavailable with the reason.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "accellab/kernel.h"

namespace accellab {

// A copy between a device buffer and a host buffer of `bytes`, both the plugin's.
struct DeviceTransfer {
  void* device = nullptr;
  void* host = nullptr;
  std::uint64_t bytes = 0;
};

// One prepared device variant's part of a run: its buffers, its launch and its check, each
// call going through the C ABI. Releases the plugin's state when it goes.
class PluginDeviceWork {
 public:
  virtual ~PluginDeviceWork() = default;
  virtual const std::vector<DeviceTransfer>& in() const = 0;   // copied in before the launch
  virtual const std::vector<DeviceTransfer>& out() const = 0;  // copied back after it
  // Queues one run on `stream` (a cudaStream_t). Throws std::runtime_error with the plugin's
  // message.
  virtual void launch(void* stream) = 0;
  virtual void poisonHost() = 0;
  virtual Verification verify() const = 0;
  virtual std::vector<ReportedValue> reportedValues() const = 0;
};

class PluginDevices {
 public:
  virtual ~PluginDevices() = default;
  // Whether device variants can run here, or why not ("no CUDA device").
  virtual Availability availability() const = 0;
  // The CUDA ordinal the points run on; made current by select(), before a plugin prepares.
  virtual int device() const = 0;
  virtual void select() const = 0;
  // The run around `work`: AccelLab's stream, events and copies. Throws std::runtime_error
  // (with CUDA's words) when the device refuses.
  virtual std::unique_ptr<KernelRun> run(std::unique_ptr<PluginDeviceWork> work) const = 0;
};

}  // namespace accellab
