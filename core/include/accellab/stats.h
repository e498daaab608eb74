// Statistics of timing samples: small free functions, each unit-tested.
#pragma once

#include <cstddef>
#include <span>
#include <utility>

namespace accellab {

struct Statistics {
  double medianS = 0;
  double minS = 0;
  double meanS = 0;
  double stddevS = 0;   // sample standard deviation (n - 1)
  double madS = 0;      // median absolute deviation, unscaled
  double ci95LowS = 0;  // distribution-free 95% confidence interval of the median
  double ci95HighS = 0;
  std::size_t outliers = 0;  // outside Tukey's fences (1.5 IQR beyond the quartiles)
  friend bool operator==(const Statistics&, const Statistics&) = default;
};

// All functions return 0 for an empty span.
double minimum(std::span<const double> xs);
double mean(std::span<const double> xs);
double median(std::span<const double> xs);
double quantile(std::span<const double> xs, double q);  // linear interpolation (type 7)
double stddev(std::span<const double> xs);
double medianAbsoluteDeviation(std::span<const double> xs);
// Order statistics whose binomial coverage is at least 95%; for n < 6 the whole range.
std::pair<double, double> medianConfidence95(std::span<const double> xs);
std::size_t countOutliers(std::span<const double> xs);
// The lowest and highest samples inside Tukey's fences: a box plot's whiskers, so that the
// samples countOutliers counts are not drawn as spread. {0, 0} for an empty span.
std::pair<double, double> tukeyWhiskers(std::span<const double> xs);

Statistics summarize(std::span<const double> xs);

}  // namespace accellab
