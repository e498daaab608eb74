// An owned, 64-byte aligned host array: aligned so SIMD loads never split a cache line.
#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <span>

namespace accellab::kernels {

template <class T>
class HostArray {
 public:
  static constexpr std::align_val_t kAlignment{64};

  // Left uninitialised: the caller fills it (in parallel, so pages land near their threads).
  explicit HostArray(std::size_t count)
      : data_(static_cast<T*>(::operator new(count * sizeof(T), kAlignment))), count_(count) {}

  std::span<T> span() const { return {data_.get(), count_}; }

 private:
  struct Free {
    void operator()(T* p) const { ::operator delete(p, kAlignment); }
  };
  std::unique_ptr<T, Free> data_;
  std::size_t count_;
};

}  // namespace accellab::kernels
