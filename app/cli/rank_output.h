// Under mpirun every rank runs the command; rank 0 alone prints. The other ranks' standard
// output goes nowhere while they measure (their errors still reach stderr).
#pragma once

#include <ostream>
#include <streambuf>

namespace accellab::cli {

class SilentUnless {
 public:
  SilentUnless(std::ostream& stream, bool speaks)
      : stream_(stream), previous_(speaks ? nullptr : stream.rdbuf(nullptr)) {}
  ~SilentUnless() {
    if (previous_) stream_.rdbuf(previous_);
  }
  SilentUnless(const SilentUnless&) = delete;
  SilentUnless& operator=(const SilentUnless&) = delete;

 private:
  std::ostream& stream_;
  std::streambuf* previous_;  // null while the stream speaks
};

}  // namespace accellab::cli
