// An owned, aligned host array: 64-byte aligned so SIMD loads never split a cache line, and
// large ones on transparent huge pages.
#pragma once

#include <cstddef>
#include <memory>
#include <span>

namespace accellab::kernels {

// The memory of a HostArray: `bytes` aligned to 64, or to 2 MiB and advised to the kernel as
// huge-page memory (madvise MADV_HUGEPAGE) from kHugePageBytes on. Throws std::bad_alloc.
class HostBytes {
 public:
  static constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;

  explicit HostBytes(std::size_t bytes);
  void* data() const { return data_.get(); }

 private:
  struct Free {
    std::size_t alignment;
    void operator()(void* p) const;
  };
  std::unique_ptr<void, Free> data_;
};

template <class T>
class HostArray {
 public:
  // Left uninitialised: the caller fills it (in parallel, so pages land near their threads).
  explicit HostArray(std::size_t count) : bytes_(count * sizeof(T)), count_(count) {}

  std::span<T> span() const { return {static_cast<T*>(bytes_.data()), count_}; }

 private:
  HostBytes bytes_;
  std::size_t count_;
};

}  // namespace accellab::kernels
