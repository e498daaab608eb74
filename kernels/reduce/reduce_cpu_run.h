// reduce's CPU run: one variant's compensated sum of the array (all of it, or for the mpi
// variant one rank's share), and parallel's sum, which the mpi variant runs on each share.
#pragma once

#include <cstdint>
#include <limits>
#include <stop_token>
#include <string>

#include "accellab/kernel.h"
#include "arrays/array_data.h"
#include "arrays/host_array.h"
#include "cpu/pieces_done.h"
#include "cpu/simd.h"
#include "cpu/stop_chunks.h"
#include "reduce_variants.h"
#include "reduce_verify.h"

namespace accellab::kernels::reduce {

struct Parallel {
  static std::string isa() { return simd::targetName(); }
  static constexpr bool threaded = true;
  template <class T>
  static PiecesDone sumAll(const T* x, std::size_t n, int threads, std::uint64_t splitFromBytes,
                           const std::stop_token& stop, CompensatedSum<T>& total) {
    return sumParallel(x, n, threads, splitFromBytes, stop, total);
  }
  template <class T>
  static Tolerance tolerance(std::uint64_t) {
    return compensatedTolerance<T>();
  }
};

// Its merges run in an order TBB picks, so its last bits vary from run to run; each merge
// is compensated, so the tolerance is the others'.
template <class T, class Variant>
class CpuReduceRun final : public KernelRun {
 public:
  CpuReduceRun(std::uint64_t elements, std::uint64_t seed, std::uint64_t first, int threads,
               std::uint64_t splitFromBytes)
      : values_(elements), threads_(threads), splitFromBytes_(splitFromBytes) {
    fillUniform(values_.span(), seed, 0, first);
  }

  void poisonOutput() override { sum_ = std::numeric_limits<T>::quiet_NaN(); }

  RunOutcome run(std::stop_token stop) override {
    const T* x = values_.span().data();
    const std::uint64_t n = values_.span().size();
    CompensatedSum<T> total;
    PiecesDone done;
    if constexpr (requires { Variant::threaded; }) {
      done = Variant::sumAll(x, n, threads_, splitFromBytes_, stop, total);
    } else {
      // A chunk per thread between stop checks: a few ms in all, as add's.
      const std::uint64_t chunk = kAddChunkElements * static_cast<std::uint64_t>(threads_);
      done.complete = forEachChunk(n, chunk, stop, [&](auto begin, auto end) {
        total.merge(Variant::sum(x + begin, end - begin, threads_));
      });
    }
    if (done.complete) sum_ = total.value();
    return outcomeOf<Variant>(done);
  }

  Verification verify() const override {
    return verifyReduce<T>(values_.span(), sum_,
                           Variant::template tolerance<T>(values_.span().size()));
  }

  std::string isa() const override { return Variant::isa(); }

  T sum() const { return sum_; }  // of the last run; NaN before one completed

 private:
  HostArray<T> values_;
  int threads_;
  std::uint64_t splitFromBytes_;  // PrepareOptions::splitFromBytes
  T sum_ = std::numeric_limits<T>::quiet_NaN();
};

}  // namespace accellab::kernels::reduce
