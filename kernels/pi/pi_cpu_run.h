// pi's CPU runs: the samples' count outside the quarter circle by one variant's loop, over all
// the samples or, for the mpi variant, one rank's share of them.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

#include "accellab/kernel.h"
#include "arrays/counter_rng.h"
#include "cpu/simd.h"
#include "cpu/stop_chunks.h"
#include "pi_estimate.h"
#include "pi_variants.h"

namespace accellab::kernels::pi {

// One CPU variant's count of the samples [begin, end) outside the quarter circle into
// `outside`; incomplete when a stop request came first.
template <std::uint64_t (*countRange)(std::uint64_t, std::uint64_t, std::uint64_t)>
PiecesDone countSerially(std::uint64_t key, std::uint64_t begin, std::uint64_t end,
                         const std::stop_token& stop, std::uint64_t& outside) {
  const bool complete = forEachChunk(
      end - begin, kPiChunkSamples, stop,
      [&](auto first, auto last) { outside += countRange(key, begin + first, begin + last); });
  return ranSerially(complete);
}

struct Loop {
  static std::string isa() { return "scalar"; }
  static PiecesDone count(std::uint64_t key, std::uint64_t begin, std::uint64_t end, int,
                          const std::stop_token& stop, std::uint64_t& outside) {
    return countSerially<countOutsideLoop>(key, begin, end, stop, outside);
  }
};

struct Vectorized {
  static std::string isa() { return simd::targetName(); }
  static PiecesDone count(std::uint64_t key, std::uint64_t begin, std::uint64_t end, int,
                          const std::stop_token& stop, std::uint64_t& outside) {
    return countSerially<countOutsideSimd>(key, begin, end, stop, outside);
  }
};

struct Parallel {
  static std::string isa() { return simd::targetName(); }
  static constexpr bool threaded = true;
  static PiecesDone count(std::uint64_t key, std::uint64_t begin, std::uint64_t end, int threads,
                          const std::stop_token& stop, std::uint64_t& outside) {
    return countOutsideParallel(key, begin, end, threads, stop, outside);
  }
};

// Samples [first, first + samples) of the seed's stream: all of them, or a rank's share.
template <class Variant>
class CpuPiRun final : public KernelRun {
 public:
  CpuPiRun(std::uint64_t samples, std::uint64_t seed, int threads, std::uint64_t first = 0)
      : samples_(samples), first_(first), key_(rng::streamKey(seed)), threads_(threads) {}

  void poisonOutput() override { hits_.reset(); }

  RunOutcome run(std::stop_token stop) override {
    std::uint64_t outside = 0;
    const PiecesDone done =
        Variant::count(key_, first_, first_ + samples_, threads_, stop, outside);
    if (done.complete) hits_ = samples_ - outside;
    return outcomeOf<Variant>(done);
  }

  Verification verify() const override {
    if (!hits_) return {false, "no completed run", std::nullopt};
    return verifyPi(*hits_, samples_);
  }

  std::string isa() const override { return Variant::isa(); }

 private:
  std::uint64_t samples_;
  std::uint64_t first_;
  std::uint64_t key_;
  int threads_;
  std::optional<std::uint64_t> hits_;
};

}  // namespace accellab::kernels::pi
