// Memory a child process can map too: an anonymous memfd, mapped here. The python backend's
// arrays live in it, so the child computes on the very bytes AccelLab filled and verifies.
#pragma once

#include <cstddef>
#include <span>
#include <string>

#include "accellab/child_process.h"

namespace accellab::kernels {

class SharedMemory {
 public:
  // `name` shows in /proc/<pid>/maps as "memfd:<name>". Throws std::runtime_error.
  SharedMemory(const std::string& name, std::size_t bytes);
  SharedMemory(SharedMemory&& other) noexcept;
  SharedMemory& operator=(SharedMemory&&) = delete;
  SharedMemory(const SharedMemory&) = delete;
  SharedMemory& operator=(const SharedMemory&) = delete;
  ~SharedMemory();  // unmaps; the fd closes with it

  // The descriptor a child inherits (close-on-exec here: only a spawn that names it passes it).
  int fd() const { return fd_.get(); }

  // The memory as `count` elements of T (page-aligned, so any T's alignment holds).
  template <class T>
  std::span<T> as(std::size_t count) const {
    return {static_cast<T*>(data_), count};
  }

 private:
  UniqueFd fd_;
  void* data_ = nullptr;
  std::size_t bytes_ = 0;
};

}  // namespace accellab::kernels
