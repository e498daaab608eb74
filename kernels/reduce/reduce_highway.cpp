// The compensated sum through Google Highway, dispatched at run time to the best ISA of this
// CPU, and its OpenMP form.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "reduce/reduce_highway.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

#include "cpu/parallel.h"
#include "reduce/reduce_variants.h"

HWY_BEFORE_NAMESPACE();
namespace accellab {
namespace kernels {
namespace reduce {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// CompensatedSum::add, lane by lane.
template <class V>
HWY_INLINE void AddCompensated(V& sum, V& compensation, V x) {
  const V total = hn::Add(sum, x);
  const V fromX = hn::Sub(total, sum);
  const V fromSum = hn::Sub(total, fromX);
  compensation = hn::Add(compensation, hn::Add(hn::Sub(sum, fromSum), hn::Sub(x, fromX)));
  sum = total;
}

// Four accumulators: an addition's latency is four or so cycles, and each accumulator's
// next addition waits for its last. Each takes the sum of four vectors, added pairwise
// without compensation (at most 2 u of that small sum off, rigorously): a fourth of the
// compensation's work per element, and the accuracy stays well inside reduce's 16 u.
template <class T>
void SumImpl(const T* HWY_RESTRICT x, size_t n, T* HWY_RESTRICT sumAndCompensation) {
  const hn::ScalableTag<T> d;
  const size_t lanes = hn::Lanes(d);
  const auto fourAt = [&](size_t at) HWY_ATTR {
    return hn::Add(hn::Add(hn::LoadU(d, x + at), hn::LoadU(d, x + at + lanes)),
                   hn::Add(hn::LoadU(d, x + at + 2 * lanes), hn::LoadU(d, x + at + 3 * lanes)));
  };
  auto s0 = hn::Zero(d), s1 = hn::Zero(d), s2 = hn::Zero(d), s3 = hn::Zero(d);
  auto c0 = hn::Zero(d), c1 = hn::Zero(d), c2 = hn::Zero(d), c3 = hn::Zero(d);
  size_t i = 0;
  for (; i + 16 * lanes <= n; i += 16 * lanes) {
    AddCompensated(s0, c0, fourAt(i));
    AddCompensated(s1, c1, fourAt(i + 4 * lanes));
    AddCompensated(s2, c2, fourAt(i + 8 * lanes));
    AddCompensated(s3, c3, fourAt(i + 12 * lanes));
  }
  for (; i + lanes <= n; i += lanes) AddCompensated(s0, c0, hn::LoadU(d, x + i));
  // The accumulators' lanes, merged in a fixed order, then the tail.
  HWY_ALIGN T sums[4 * hn::MaxLanes(d)];
  HWY_ALIGN T compensations[4 * hn::MaxLanes(d)];
  hn::Store(s0, d, sums);
  hn::Store(s1, d, sums + lanes);
  hn::Store(s2, d, sums + 2 * lanes);
  hn::Store(s3, d, sums + 3 * lanes);
  hn::Store(c0, d, compensations);
  hn::Store(c1, d, compensations + lanes);
  hn::Store(c2, d, compensations + 2 * lanes);
  hn::Store(c3, d, compensations + 3 * lanes);
  CompensatedSum<T> total;
  for (size_t k = 0; k < 4 * lanes; ++k) total.merge({sums[k], compensations[k]});
  for (; i < n; ++i) total.add(x[i]);
  sumAndCompensation[0] = total.sum;
  sumAndCompensation[1] = total.compensation;
}

void SumF32(const float* x, size_t n, float* sumAndCompensation) {
  SumImpl(x, n, sumAndCompensation);
}
void SumF64(const double* x, size_t n, double* sumAndCompensation) {
  SumImpl(x, n, sumAndCompensation);
}

// NOLINTNEXTLINE(google-readability-namespace-comments)
}  // namespace HWY_NAMESPACE
}  // namespace reduce
}  // namespace kernels
}  // namespace accellab
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include <algorithm>
#include <vector>

namespace accellab::kernels::reduce {
namespace {

HWY_EXPORT(SumF32);
HWY_EXPORT(SumF64);

template <class T>
CompensatedSum<T> fromPair(const T (&pair)[2]) {
  return {pair[0], pair[1]};
}

CompensatedSum<float> simdPiece(const float* x, std::size_t n) {
  float pair[2];
  HWY_DYNAMIC_DISPATCH(SumF32)(x, n, pair);
  return fromPair(pair);
}
CompensatedSum<double> simdPiece(const double* x, std::size_t n) {
  double pair[2];
  HWY_DYNAMIC_DISPATCH(SumF64)(x, n, pair);
  return fromPair(pair);
}

}  // namespace

template <class T>
CompensatedSum<T> sumSimd(const T* x, std::size_t n) {
  return simdPiece(x, n);
}

template <class T>
PiecesDone sumParallel(const T* x, std::size_t n, int threads, std::uint64_t splitFromBytes,
                       const std::stop_token& stop, CompensatedSum<T>& total) {
  const Split split = splitAlikeFor(n, threads, streamGrain<T>(1, splitFromBytes));
  std::vector<CompensatedSum<T>> partials(split.pieces);
  const PiecesDone done =
      forEachPiece(split, stop, [&](std::uint64_t p, std::uint64_t first, std::uint64_t last) {
        partials[p] = simdPiece(x + first, last - first);
      });
  for (const CompensatedSum<T>& partial : partials) total.merge(partial);
  return done;
}

template CompensatedSum<float> sumSimd(const float*, std::size_t);
template CompensatedSum<double> sumSimd(const double*, std::size_t);
template PiecesDone sumParallel(const float*, std::size_t, int, std::uint64_t,
                                const std::stop_token&, CompensatedSum<float>&);
template PiecesDone sumParallel(const double*, std::size_t, int, std::uint64_t,
                                const std::stop_token&, CompensatedSum<double>&);

}  // namespace accellab::kernels::reduce
#endif  // HWY_ONCE
