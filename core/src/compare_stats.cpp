#include "accellab/compare_stats.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "accellab/stats.h"

namespace accellab {

namespace {

// SciPy's rule: the exact distribution only while one sample is small, and never with ties,
// whose U the exact distribution does not describe.
constexpr std::size_t kExactMaxSize = 8;

// Average ranks (1-based) of x followed by y, and the tie term sum(t^3 - t) over groups of
// t equal values.
struct Ranks {
  std::vector<double> ranks;
  double tieTerm = 0;
};

Ranks rank(std::span<const double> x, std::span<const double> y) {
  std::vector<double> all(x.begin(), x.end());
  all.insert(all.end(), y.begin(), y.end());
  std::vector<std::size_t> order(all.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return all[a] < all[b]; });
  Ranks result{std::vector<double>(all.size()), 0};
  for (std::size_t first = 0; first < order.size();) {
    std::size_t end = first + 1;
    while (end < order.size() && all[order[end]] == all[order[first]]) ++end;
    const double averageRank = static_cast<double>(first + 1 + end) / 2;
    for (std::size_t i = first; i < end; ++i) result.ranks[order[i]] = averageRank;
    const auto t = static_cast<double>(end - first);
    result.tieTerm += t * t * t - t;
    first = end;
  }
  return result;
}

// C(m + n, m) as a double: exact while it fits 53 bits, close enough beyond.
double binomial(std::size_t m, std::size_t n) {
  double result = 1;
  for (std::size_t i = 1; i <= std::min(m, n); ++i)
    result = result * static_cast<double>(std::max(m, n) + i) / static_cast<double>(i);
  return result;
}

// P(U <= k) under the null hypothesis, U of samples of m and n values without ties. The
// number of arrangements with U = j is the coefficient of q^j in the Gaussian binomial
// [m+n choose s]_q = prod_{i=1..s} (1 - q^(l+i)) / (1 - q^i), s = min(m, n), l = max(m, n):
// s <= 8 multiplications and divisions of a polynomial cut at degree k, where SciPy's
// recursion over (m, n, k) would not fit in memory for a large second sample.
double exactCdf(std::size_t k, std::size_t m, std::size_t n) {
  const std::size_t s = std::min(m, n);
  const std::size_t l = std::max(m, n);
  std::vector<double> counts(k + 1, 0.0);
  counts[0] = 1;
  for (std::size_t i = 1; i <= s; ++i) {
    const std::size_t shift = l + i;
    for (std::size_t j = k + 1; j > shift; --j) counts[j - 1] -= counts[j - 1 - shift];
    for (std::size_t j = i; j <= k; ++j) counts[j] += counts[j - i];
  }
  return std::accumulate(counts.begin(), counts.end(), 0.0) / binomial(m, n);
}

// SplitMix64 (Steele, Lea and Flood): a small generator whose stream is fixed by its
// seed, unlike std::uniform_int_distribution's, which differs between standard libraries.
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}

  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }

  // Uniform in [0, bound) without modulo bias: draws below 2^64 mod bound are redrawn.
  std::uint64_t below(std::uint64_t bound) {
    const std::uint64_t threshold = (0 - bound) % bound;
    for (;;) {
      const std::uint64_t r = next();
      if (r >= threshold) return r % bound;
    }
  }

 private:
  std::uint64_t state_;
};

// The median of one resample with replacement of `sorted`: the median of the drawn values
// is the value at the median of the drawn positions, so counting positions replaces
// sorting values. `counts` is scratch space of sorted.size() entries.
double resampledMedian(const std::vector<double>& sorted, SplitMix64& random,
                       std::vector<std::size_t>& counts) {
  const std::size_t n = sorted.size();
  std::fill(counts.begin(), counts.end(), 0);
  for (std::size_t i = 0; i < n; ++i) ++counts[random.below(n)];
  // 0-based ranks of the middle values; equal for odd n.
  const std::size_t lowRank = (n - 1) / 2;
  const std::size_t highRank = n / 2;
  std::size_t seen = 0;
  std::size_t position = 0;
  while (seen + counts[position] <= lowRank) seen += counts[position++];
  const double low = sorted[position];
  while (seen + counts[position] <= highRank) seen += counts[position++];
  // As quantile(.., 0.5) interpolates between the middle values.
  return low + 0.5 * (sorted[position] - low);
}

std::vector<double> sortedCopy(std::span<const double> xs) {
  std::vector<double> copy(xs.begin(), xs.end());
  std::sort(copy.begin(), copy.end());
  return copy;
}

}  // namespace

MannWhitneyU mannWhitneyU(std::span<const double> x, std::span<const double> y) {
  if (x.empty() || y.empty()) return {};
  const auto n1 = static_cast<double>(x.size());
  const auto n2 = static_cast<double>(y.size());
  const Ranks ranked = rank(x, y);
  const double r1 = std::accumulate(ranked.ranks.begin(), ranked.ranks.begin() + x.size(), 0.0);
  MannWhitneyU result;
  result.statistic = r1 - n1 * (n1 + 1) / 2;
  const double u = std::max(result.statistic, n1 * n2 - result.statistic);
  result.exact = std::min(x.size(), y.size()) <= kExactMaxSize && ranked.tieTerm == 0;
  double p = 1;
  if (result.exact) {
    // P(U >= u) = P(U <= m n - u) by symmetry; without ties u is a whole number.
    const auto below = static_cast<std::size_t>(std::llround(n1 * n2 - u));
    p = 2 * exactCdf(below, x.size(), y.size());
  } else {
    const double n = n1 + n2;
    const double sigma = std::sqrt(n1 * n2 / 12 * ((n + 1) - ranked.tieTerm / (n * (n - 1))));
    // All values equal: no evidence of a difference (SciPy's z is -inf there).
    if (sigma > 0) p = std::erfc((u - n1 * n2 / 2 - 0.5) / sigma / std::sqrt(2.0));
  }
  result.pValue = std::clamp(p, 0.0, 1.0);
  return result;
}

double smallestPValue(std::size_t m, std::size_t n) {
  if (m == 0 || n == 0) return 1;
  return std::min(1.0, 2 / binomial(m, n));
}

RatioInterval bootstrapMedianRatio95(std::span<const double> base, std::span<const double> next,
                                     std::uint64_t seed, std::size_t resamples) {
  if (base.empty() || next.empty()) return {};
  const std::vector<double> sortedBase = sortedCopy(base);
  const std::vector<double> sortedNext = sortedCopy(next);
  std::vector<std::size_t> baseCounts(sortedBase.size());
  std::vector<std::size_t> nextCounts(sortedNext.size());
  SplitMix64 random(seed);
  std::vector<double> ratios(resamples);
  for (double& ratio : ratios) {
    const double baseMedian = resampledMedian(sortedBase, random, baseCounts);
    const double nextMedian = resampledMedian(sortedNext, random, nextCounts);
    if (!(baseMedian > 0)) return {};
    ratio = nextMedian / baseMedian;
  }
  return {quantile(ratios, 0.025), quantile(ratios, 0.975)};
}

}  // namespace accellab
