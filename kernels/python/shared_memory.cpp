#include "shared_memory.h"

#include <sys/mman.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <utility>

namespace accellab::kernels {
namespace {

[[noreturn]] void fail(const std::string& what) {
  throw std::runtime_error("shared memory: " + what + ": " + std::strerror(errno));
}

}  // namespace

SharedMemory::SharedMemory(const std::string& name, std::size_t bytes) : bytes_(bytes) {
  fd_.reset(::memfd_create(name.c_str(), MFD_CLOEXEC));
  if (!fd_) fail("memfd_create");
  if (::ftruncate(fd_.get(), static_cast<off_t>(bytes)) != 0) fail("ftruncate");
  data_ = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd_.get(), 0);
  if (data_ == MAP_FAILED) fail("mmap of " + std::to_string(bytes) + " bytes");
}

SharedMemory::SharedMemory(SharedMemory&& other) noexcept
    : fd_(std::move(other.fd_)),
      data_(std::exchange(other.data_, nullptr)),
      bytes_(std::exchange(other.bytes_, 0)) {}

SharedMemory::~SharedMemory() {
  if (data_ != nullptr) ::munmap(data_, bytes_);
}

}  // namespace accellab::kernels
