// Move-only owners of device memory, pinned host memory, streams and events, and the choice
// of device. Releasing never throws (destructors must not), so release errors are dropped;
// every other call is checked.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <span>
#include <utility>

#include "cuda_check.h"

namespace accellab::kernels::cuda {

// The calling thread's device for every call that follows. Each entry point sets it: the
// runner prepares, runs and verifies on a worker thread, whose current device is its own.
inline void selectDevice(int device) { ACCELLAB_CUDA_CHECK(cudaSetDevice(device)); }
// For destructors: their releases must reach the device the resources live on.
inline void selectDeviceQuietly(int device) noexcept { ignore(cudaSetDevice(device)); }

// Allocator: a pair of CUDA calls, e.g. cudaMalloc / cudaFree. A refused allocation throws
// CudaError ("out of memory") with the runtime's last error cleared (cuda_check.h).
template <class T, class Traits>
class Buffer {
 public:
  explicit Buffer(std::size_t count) : count_(count) {
    void* raw = nullptr;
    ACCELLAB_CUDA_CHECK(Traits::allocate(&raw, count * sizeof(T)));
    data_ = static_cast<T*>(raw);
  }
  Buffer(Buffer&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), count_(std::exchange(other.count_, 0)) {}
  Buffer& operator=(Buffer&& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(count_, other.count_);
    return *this;
  }
  ~Buffer() {
    if (data_ != nullptr) ignore(Traits::release(data_));
  }

  T* data() const { return data_; }
  std::size_t size() const { return count_; }
  std::size_t bytes() const { return count_ * sizeof(T); }
  std::span<T> span() const { return {data_, count_}; }

 private:
  T* data_ = nullptr;
  std::size_t count_ = 0;
};

struct DeviceAllocation {
  static cudaError_t allocate(void** p, std::size_t bytes) { return cudaMalloc(p, bytes); }
  static cudaError_t release(void* p) { return cudaFree(p); }
};

// Pinned (page-locked) host memory: transfers run at full bus speed, asynchronously, and can
// be timed honestly.
struct PinnedAllocation {
  static cudaError_t allocate(void** p, std::size_t bytes) { return cudaMallocHost(p, bytes); }
  static cudaError_t release(void* p) { return cudaFreeHost(p); }
};

// Pinned host memory that kernels read and write in place, over the bus (the launch gate's
// flags); cudaHostGetDevicePointer gives the kernels' address of it.
struct MappedAllocation {
  static cudaError_t allocate(void** p, std::size_t bytes) {
    return cudaHostAlloc(p, bytes, cudaHostAllocMapped);
  }
  static cudaError_t release(void* p) { return cudaFreeHost(p); }
};

template <class T>
using DeviceBuffer = Buffer<T, DeviceAllocation>;
template <class T>
using PinnedBuffer = Buffer<T, PinnedAllocation>;
template <class T>
using MappedBuffer = Buffer<T, MappedAllocation>;

// A stream of our own, so no other work of the process (nor the legacy default stream's
// implicit synchronization) falls between the operations we time.
class Stream {
 public:
  Stream() { ACCELLAB_CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking)); }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  // Waits for the queued work first: cudaStreamDestroy would return at once, and the buffers
  // that work uses are released next (owners declare their stream after their buffers).
  ~Stream() {
    drain();
    ignore(cudaStreamDestroy(stream_));
  }

  cudaStream_t get() const { return stream_; }
  void synchronize() const { ACCELLAB_CUDA_CHECK(cudaStreamSynchronize(stream_)); }
  // synchronize() for error paths: whatever went wrong, no queued work still uses a buffer.
  void drain() const noexcept { ignore(cudaStreamSynchronize(stream_)); }

 private:
  cudaStream_t stream_ = nullptr;
};

// A timing event.
class Event {
 public:
  Event() { ACCELLAB_CUDA_CHECK(cudaEventCreate(&event_)); }
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;
  ~Event() { ignore(cudaEventDestroy(event_)); }

  void record(const Stream& stream) { ACCELLAB_CUDA_CHECK(cudaEventRecord(event_, stream.get())); }
  void synchronize() const { ACCELLAB_CUDA_CHECK(cudaEventSynchronize(event_)); }
  // Whether the work queued before the event has completed; throws on an error of that work.
  bool completed() const {
    const cudaError_t state = cudaEventQuery(event_);
    if (state == cudaErrorNotReady) {
      // "Not ready" is an answer, not a failure, but the runtime may keep it as the last
      // error, where the next launch check would find it.
      static_cast<void>(cudaGetLastError());
      return false;
    }
    ACCELLAB_CUDA_CHECK(state);
    return true;
  }
  // Seconds from `from` to `to`, both recorded and completed.
  static double secondsBetween(const Event& from, const Event& to) {
    float ms = 0;
    ACCELLAB_CUDA_CHECK(cudaEventElapsedTime(&ms, from.event_, to.event_));
    return static_cast<double>(ms) * 1e-3;
  }

 private:
  cudaEvent_t event_ = nullptr;
};

}  // namespace accellab::kernels::cuda
