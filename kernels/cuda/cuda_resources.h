// Move-only owners of device memory, pinned host memory and events. Releasing never
// throws (destructors must not), so release errors are dropped; every other call is checked.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <span>
#include <utility>

#include "cuda_check.h"

namespace accellab::kernels::cuda {

// Allocator: a pair of CUDA calls, e.g. cudaMalloc / cudaFree.
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
    if (data_ != nullptr) static_cast<void>(Traits::release(data_));
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

// Pinned (page-locked) host memory: transfers run at full bus speed and can be timed honestly.
struct PinnedAllocation {
  static cudaError_t allocate(void** p, std::size_t bytes) { return cudaMallocHost(p, bytes); }
  static cudaError_t release(void* p) { return cudaFreeHost(p); }
};

template <class T>
using DeviceBuffer = Buffer<T, DeviceAllocation>;
template <class T>
using PinnedBuffer = Buffer<T, PinnedAllocation>;

// A device event on the default stream.
class Event {
 public:
  Event() { ACCELLAB_CUDA_CHECK(cudaEventCreate(&event_)); }
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;
  ~Event() { static_cast<void>(cudaEventDestroy(event_)); }

  void record() { ACCELLAB_CUDA_CHECK(cudaEventRecord(event_, nullptr)); }
  void synchronize() { ACCELLAB_CUDA_CHECK(cudaEventSynchronize(event_)); }
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
