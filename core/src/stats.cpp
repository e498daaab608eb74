#include "accellab/stats.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace accellab {

namespace {

std::vector<double> sorted(std::span<const double> xs) {
  std::vector<double> copy(xs.begin(), xs.end());
  std::sort(copy.begin(), copy.end());
  return copy;
}

// Type 7 quantile of already sorted values.
double sortedQuantile(const std::vector<double>& xs, double q) {
  if (xs.empty()) return 0;
  const double position = std::clamp(q, 0.0, 1.0) * static_cast<double>(xs.size() - 1);
  const auto below = static_cast<std::size_t>(std::floor(position));
  const auto above = std::min(below + 1, xs.size() - 1);
  const double weight = position - static_cast<double>(below);
  return xs[below] + weight * (xs[above] - xs[below]);
}

// Largest rank l (1-based) such that [x_(l), x_(n+1-l)] covers the median with probability
// >= 95%: coverage = 1 - 2 P(B <= l - 1) with B ~ Binomial(n, 1/2). Summed in log space so
// that large n does not underflow.
std::size_t lowerConfidenceRank(std::size_t n) {
  const double logTotal =
      std::lgamma(static_cast<double>(n) + 1) - static_cast<double>(n) * std::log(2.0);
  double cdf = 0;  // P(B <= k)
  std::size_t rank = 1;
  for (std::size_t k = 0; k < n / 2; ++k) {
    cdf += std::exp(logTotal - std::lgamma(static_cast<double>(k) + 1) -
                    std::lgamma(static_cast<double>(n - k) + 1));
    if (1 - 2 * cdf < 0.95) break;
    rank = k + 1;
  }
  return rank;
}

double sortedMedianAbsoluteDeviation(const std::vector<double>& xs) {
  const double m = sortedQuantile(xs, 0.5);
  std::vector<double> deviations;
  deviations.reserve(xs.size());
  for (double x : xs) deviations.push_back(std::abs(x - m));
  std::sort(deviations.begin(), deviations.end());
  return sortedQuantile(deviations, 0.5);
}

std::pair<double, double> sortedMedianConfidence95(const std::vector<double>& xs) {
  if (xs.empty()) return {0, 0};
  const std::size_t n = xs.size();
  const std::size_t rank = n < 6 ? 1 : lowerConfidenceRank(n);
  return {xs[rank - 1], xs[n - rank]};
}

// Tukey's fences: 1.5 interquartile ranges beyond the quartiles.
std::pair<double, double> sortedFences(const std::vector<double>& xs) {
  const double q1 = sortedQuantile(xs, 0.25);
  const double q3 = sortedQuantile(xs, 0.75);
  const double reach = 1.5 * (q3 - q1);
  return {q1 - reach, q3 + reach};
}

std::size_t sortedCountOutliers(const std::vector<double>& xs) {
  // Not a structured binding: clang before 16 cannot capture one in a lambda.
  const std::pair<double, double> fences = sortedFences(xs);
  return static_cast<std::size_t>(std::count_if(
      xs.begin(), xs.end(), [&](double x) { return x < fences.first || x > fences.second; }));
}

// The power of two nearest below the largest magnitude of `xs`: dividing by it is exact.
double powerOfTwoScale(std::span<const double> xs) {
  double largest = 0;
  for (double x : xs) largest = std::max(largest, std::fabs(x));
  return largest > 0 && std::isfinite(largest) ? std::ldexp(1.0, std::ilogb(largest)) : 1;
}

}  // namespace

double minimum(std::span<const double> xs) {
  return xs.empty() ? 0 : *std::min_element(xs.begin(), xs.end());
}

double mean(std::span<const double> xs) {
  if (xs.empty()) return 0;
  const double n = static_cast<double>(xs.size());
  const double sum = std::accumulate(xs.begin(), xs.end(), 0.0);
  if (std::isfinite(sum)) return sum / n;
  // Finite samples whose sum overflows: summed at a power-of-two scale, exact, so that every
  // statistic of finite samples stays finite and a session holds what it measured.
  const double scale = powerOfTwoScale(xs);
  double scaled = 0;
  for (double x : xs) scaled += x / scale;
  return scaled / n * scale;
}

double median(std::span<const double> xs) { return sortedQuantile(sorted(xs), 0.5); }

double quantile(std::span<const double> xs, double q) { return sortedQuantile(sorted(xs), q); }

double stddev(std::span<const double> xs) {
  if (xs.size() < 2) return 0;
  const double m = mean(xs);
  const auto deviation = [&](double scale) {
    double sum = 0;
    for (double x : xs) sum += (x / scale - m / scale) * (x / scale - m / scale);
    return std::sqrt(sum / static_cast<double>(xs.size() - 1)) * scale;
  };
  const double plain = deviation(1);
  return std::isfinite(plain) ? plain : deviation(powerOfTwoScale(xs));
}

double medianAbsoluteDeviation(std::span<const double> xs) {
  return sortedMedianAbsoluteDeviation(sorted(xs));
}

std::pair<double, double> medianConfidence95(std::span<const double> xs) {
  return sortedMedianConfidence95(sorted(xs));
}

std::size_t countOutliers(std::span<const double> xs) { return sortedCountOutliers(sorted(xs)); }

std::pair<double, double> tukeyWhiskers(std::span<const double> xs) {
  const auto values = sorted(xs);
  if (values.empty()) return {0, 0};
  const auto [low, high] = sortedFences(values);
  // The quartiles lie inside the fences, so both searches find a sample.
  return {*std::lower_bound(values.begin(), values.end(), low),
          *std::prev(std::upper_bound(values.begin(), values.end(), high))};
}

Statistics summarize(std::span<const double> xs) {
  // One sort serves every order statistic: runs of a million samples stay quick.
  const auto values = sorted(xs);
  Statistics s;
  s.medianS = sortedQuantile(values, 0.5);
  s.minS = values.empty() ? 0 : values.front();
  s.meanS = mean(xs);
  s.stddevS = stddev(xs);
  s.madS = sortedMedianAbsoluteDeviation(values);
  const auto [low, high] = sortedMedianConfidence95(values);
  s.ci95LowS = low;
  s.ci95HighS = high;
  s.outliers = sortedCountOutliers(values);
  return s;
}

}  // namespace accellab
