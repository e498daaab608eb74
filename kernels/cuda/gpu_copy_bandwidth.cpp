// The copy ceiling of a GPU: a device-to-device copy kernel over buffers far beyond the L2
// cache, so every byte comes from and goes to memory, best of several runs.
#include <algorithm>
#include <array>
#include <cstddef>
#include <limits>
#include <stdexcept>
#include <string>

#include "cuda_resources.h"
#include "gpu.h"
#include "launch_gate.h"
#include "launchers.h"

namespace accellab::kernels::gpu {
namespace {

// Per buffer: 1 GiB, twenty times the L2 of an H200 (50 MiB), a few tenths of a millisecond
// per copy at its ~4 TB/s, far beyond the event's resolution of about a microsecond.
constexpr std::size_t kBufferBytes = std::size_t{1} << 30;
// Buffers round down to this, a multiple of the 16 bytes the kernel moves at a time.
constexpr std::size_t kGranule = std::size_t{1} << 20;
// A buffer below this many L2 sizes would be partly served by the cache.
constexpr std::size_t kMinimumL2Multiple = 8;
constexpr int kRuns = 10;

std::size_t bufferBytes(int device) {
  std::size_t free = 0;
  std::size_t total = 0;
  ACCELLAB_CUDA_CHECK(cudaMemGetInfo(&free, &total));
  int l2Bytes = 0;
  ACCELLAB_CUDA_CHECK(cudaDeviceGetAttribute(&l2Bytes, cudaDevAttrL2CacheSize, device));
  // Both buffers in half of what is free: the rest stays for the context and other work.
  const std::size_t bytes = std::min(kBufferBytes, free / 4) / kGranule * kGranule;
  if (bytes == 0 || bytes < kMinimumL2Multiple * static_cast<std::size_t>(l2Bytes)) {
    throw std::runtime_error("CUDA device " + std::to_string(device) + " has " +
                             std::to_string(free >> 20) +
                             " MiB free: too little to copy beyond its L2 cache");
  }
  return bytes;
}

}  // namespace

double measureCopyBandwidth(int device) {
  cuda::selectDevice(device);
  const std::size_t bytes = bufferBytes(device);
  cuda::loadCopyKernel();  // before the gate: see launch_gate.h
  const int blocks = cuda::copyBlocks();
  // Declared in this order so that they go in reverse: the stream drains before the gate's
  // flags and the buffers its work uses are released.
  cuda::DeviceBuffer<std::byte> from(bytes);
  cuda::DeviceBuffer<std::byte> to(bytes);
  cuda::LaunchGate gate;
  cuda::Stream stream;
  std::array<cuda::Event, kRuns + 1> marks;

  ACCELLAB_CUDA_CHECK(cudaMemsetAsync(from.data(), 1, bytes, stream.get()));
  cuda::launchCopy(from.data(), to.data(), bytes, blocks, stream.get());  // warm-up
  // Every copy queued behind the gate, so copy i runs from mark i to mark i + 1 back to back,
  // with no launch latency between the marks.
  cuda::LaunchGate::Closed closed = gate.close(stream);
  marks[0].record(stream);
  for (int run = 0; run < kRuns; ++run) {
    cuda::launchCopy(from.data(), to.data(), bytes, blocks, stream.get());
    marks[run + 1].record(stream);
  }
  closed.open();
  marks[kRuns].synchronize();
  gate.checkOpenedInTime();

  double best = std::numeric_limits<double>::infinity();
  for (int run = 0; run < kRuns; ++run) {
    best = std::min(best, cuda::Event::secondsBetween(marks[run], marks[run + 1]));
  }
  return 2.0 * static_cast<double>(bytes) / best;  // read + written
}

}  // namespace accellab::kernels::gpu
