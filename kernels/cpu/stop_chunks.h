// Long loops look at the stop token between chunks, never inside them: a chunk is a few
// milliseconds of work, so a stop request is answered well within 0.5 s while the check
// (an atomic load) costs nothing measurable.
#pragma once

#include <algorithm>
#include <cstdint>
#include <stop_token>

namespace accellab::kernels {

// Elements of add per chunk: 4 Mi elements, 64 MiB of f64 traffic, a few ms even scalar.
inline constexpr std::uint64_t kAddChunkElements = std::uint64_t{1} << 22;
// Samples of pi per chunk: 4 Mi, a few ms for the scalar loop, and still well under the 0.5 s
// stop bound in a sanitizer build on a loaded machine.
inline constexpr std::uint64_t kPiChunkSamples = std::uint64_t{1} << 22;

// Calls body(begin, end) on consecutive pieces of [0, total) of at most `chunk` items.
// Returns false (cancelled) as soon as a stop was requested before a piece.
template <class Body>
bool forEachChunk(std::uint64_t total, std::uint64_t chunk, std::stop_token stop, Body&& body) {
  for (std::uint64_t begin = 0; begin < total; begin += chunk) {
    if (stop.stop_requested()) return false;
    body(begin, std::min(total, begin + chunk));
  }
  return true;
}

// For nested loops whose rows may be tiny: counts the work done and reads the token once
// per `chunk` items.
class StopGate {
 public:
  StopGate(std::stop_token stop, std::uint64_t chunk) : stop_(std::move(stop)), chunk_(chunk) {}

  // True when a stop was requested; looked at only once enough work has accumulated.
  bool stopAfter(std::uint64_t work) {
    pending_ += work;
    if (pending_ < chunk_) return false;
    pending_ = 0;
    return stop_.stop_requested();
  }

 private:
  std::stop_token stop_;
  std::uint64_t chunk_;
  std::uint64_t pending_ = 0;
};

}  // namespace accellab::kernels
