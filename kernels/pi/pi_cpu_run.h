// pi's CPU runs: the samples' count outside the quarter circle by one variant's loop, over all
// the samples or, for the mpi variant, one rank's share of them.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

#include "accellab/kernel.h"
#include "cpu/parallel.h"
#include "cpu/scalar_loops.h"
#include "cpu/simd.h"
#include "pi_estimate.h"
#include "shared/counter_rng.h"
#include "shared/stop_chunks.h"

namespace accellab::kernels::pi {

inline std::uint64_t samplesOf(const Params& params) {
  if (!params.samples || *params.samples == 0) {
    throw std::runtime_error("pi needs a positive sample count");
  }
  return *params.samples;
}

// One CPU variant's count of the samples [begin, end) outside the quarter circle.
struct Loop {
  static std::string isa() { return "scalar"; }
  static std::uint64_t count(std::uint64_t key, std::uint64_t begin, std::uint64_t end, int) {
    return countOutsideScalar(key, begin, end);
  }
};

struct Vectorized {
  static std::string isa() { return simd::targetName(); }
  static std::uint64_t count(std::uint64_t key, std::uint64_t begin, std::uint64_t end, int) {
    return simd::countOutside(key, begin, end);
  }
};

struct Parallel {
  static std::string isa() { return simd::targetName(); }
  static std::uint64_t count(std::uint64_t key, std::uint64_t begin, std::uint64_t end,
                             int threads) {
    return countOutsideParallel(key, begin, end, threads);
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
    // A chunk per thread between stop checks.
    const std::uint64_t chunk = kPiChunkSamples * static_cast<std::uint64_t>(threads_);
    std::uint64_t outside = 0;
    const bool done =
        forEachChunk(samples_, chunk, stop, [&](std::uint64_t begin, std::uint64_t end) {
          outside += Variant::count(key_, first_ + begin, first_ + end, threads_);
        });
    if (done) hits_ = samples_ - outside;
    RunOutcome outcome;
    outcome.cancelled = !done;
    return outcome;
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
