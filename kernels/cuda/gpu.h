// The devices as the engine sees them, in plain C++: no CUDA header, no CUDA type. Built from
// the files in this folder when ACCELLAB_CUDA is on, else from gpu_absent.cpp. The kernels'
// own gpu variants live in their folders (<kernel>_cuda.cpp), built only with CUDA.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "accellab/kernel.h"
#include "accellab/plugin_device.h"
#include "accellab/sysinfo.h"
#include "cuda_source.h"

namespace accellab::kernels::gpu {

struct DeviceProbe {
  bool built = false;            // this build has the CUDA variants
  std::vector<GpuInfo> devices;  // every CUDA device, by ordinal (copy ceiling not measured)
  std::string reason;            // why devices is empty
};

DeviceProbe probeDevices();
// Whether the gpu variants can run on `device`: "built without CUDA", "no CUDA device (<CUDA's
// error text>)", "no CUDA device 3 (2 present)", "this build has no kernel image for compute
// capability 7.0 (built for 7.5, 8.0, ...)", or yes. Loading the kernels on the device is how
// a missing image shows, so this starts the device's CUDA context and makes it the calling
// thread's current device.
Availability availability(int device);
// Whether cuBLAS (for gpu-lib's matmul) loads: it is opened at run time, not linked.
Availability cublasAvailability();
// Whether a --cuda-source variant can be compiled: NVRTC loads (nvrtc_compiler.h), or why not.
Availability nvrtcAvailability();
// Compiles `source` for each of `dtypes` without a device (PTX for NVRTC's default
// architecture), so that a compile error stops the run before it starts, with NVRTC's log.
// Throws CudaSourceError (cuda_source.h). Does nothing where NVRTC is missing or the build has
// no CUDA: the variant is unavailable then, with the reason. `stop` ends a compile within a
// fraction of a second (it runs in a child process, under a time limit: compileEntry).
void checkCudaSource(const CudaSource& source, const std::vector<DType>& dtypes,
                     std::stop_token stop = {});
// Where plugins' device variants run: on `device`, when `availability` (the gpu variants') says
// they can.
std::shared_ptr<const PluginDevices> pluginDevices(int device, Availability availability);
// Free memory of `device`; empty when it does not exist.
std::optional<std::uint64_t> freeMemory(int device);
// A device-to-device copy kernel over buffers far beyond the L2 cache, best of several runs:
// bytes read + written per second, the ceiling of the gpu rows. Throws std::runtime_error
// (with CUDA's error text) when the device refuses.
double measureCopyBandwidth(int device);
// Peak multiply-add throughput of `device` in `dtype`, FLOP/s (2 per FMA): independent FMA
// chains in registers on every thread that fits on the device, best of several runs. Throws
// std::runtime_error (with CUDA's error text) when the device refuses.
double measureFmaThroughput(int device, DType dtype);

// Which device code a gpu row runs: AccelLab's own kernel (gpu) or the library's (gpu-lib,
// CUB or cuBLAS); buffers, copies and timing are the same.
enum class DeviceCode { ownKernel, library };

}  // namespace accellab::kernels::gpu
