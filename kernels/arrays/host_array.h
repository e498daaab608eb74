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
  // The elements start `staggerBytes` (a multiple of 64) into the allocation; see kHalfPage.
  explicit HostArray(std::size_t count, std::size_t staggerBytes = 0)
      : bytes_(count * sizeof(T) + staggerBytes), stagger_(staggerBytes), count_(count) {}

  std::span<T> span() const {
    return {reinterpret_cast<T*>(static_cast<std::byte*>(bytes_.data()) + stagger_), count_};
  }

 private:
  HostBytes bytes_;
  std::size_t stagger_;
  std::size_t count_;
};

// A stagger for an output array that a kernel writes while it reads its input at the same
// and nearby indices, several rows or planes apart: with both arrays aligned alike, every one
// of those loads shares its low 12 address bits with a store still in flight, and the CPU
// takes the load as dependent on it and waits (4K aliasing). Half a page apart they never do.
// The 7-point stencil ran 1.7x faster on one thread with it (docs/benchmarks.md).
inline constexpr std::size_t kHalfPage = 2048;

}  // namespace accellab::kernels
