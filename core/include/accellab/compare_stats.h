// Statistics of two samples: is one slower than the other, and by how much? Small free
// functions, each tested against reference values computed with SciPy.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace accellab {

struct MannWhitneyU {
  double statistic = 0;  // U of the first sample, as SciPy reports it
  double pValue = 1;     // two-sided
  bool exact = false;    // from the exact distribution of U, not the normal approximation
};

// The two-sided Mann–Whitney U test as SciPy 1.10 computes it with
// scipy.stats.mannwhitneyu(x, y, alternative='two-sided') (method 'auto'), which Google
// Benchmark's compare.py reports: the exact distribution of U when either sample has at most
// 8 values and no value occurs twice in the two together; otherwise the normal approximation
// with tie correction and continuity correction. An empty sample gives p = 1: no evidence.
MannWhitneyU mannWhitneyU(std::span<const double> x, std::span<const double> y);

// The smallest two-sided p-value the exact test can reach with samples of m and n values,
// 2 / C(m + n, m) (at most 1): with 3 + 3 samples it is 0.1, so no difference among them
// is significant at 0.05 however large.
double smallestPValue(std::size_t m, std::size_t n);

struct RatioInterval {
  double low = 0;
  double high = 0;
  friend bool operator==(const RatioInterval&, const RatioInterval&) = default;
};

// Enough for the 2.5 % and 97.5 % percentiles to move by less than the sampling noise of
// timings (Efron and Tibshirani suggest 1000 to 2000 for percentile intervals).
inline constexpr std::size_t kBootstrapResamples = 2000;

// A 95 % percentile-bootstrap confidence interval of median(next) / median(base): each of
// `resamples` rounds draws both samples anew with replacement, and the interval is the
// 2.5 % and 97.5 % quantiles of the rounds' ratios. The same seed gives the same interval on
// every platform (the generator is our own, not the standard library's). {0, 0} when either
// sample is empty or a drawn base median is not positive.
RatioInterval bootstrapMedianRatio95(std::span<const double> base, std::span<const double> next,
                                     std::uint64_t seed,
                                     std::size_t resamples = kBootstrapResamples);

}  // namespace accellab
