#include "accellab/amdahl.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <utility>

#include "accellab/quality.h"

namespace accellab {

namespace {

// T = a + b x with x = 1 / p: a = T1 s, b = T1 (1 - s); s in [0, 1] is a, b >= 0.
struct Line {
  double a = 0;
  double b = 0;
};

struct Sums {
  double n = 0, x = 0, xx = 0, t = 0, xt = 0;
};

double squaredError(const Line& line, std::span<const std::pair<double, double>> xt) {
  double sum = 0;
  for (const auto& [x, t] : xt) sum += (line.a + line.b * x - t) * (line.a + line.b * x - t);
  return sum;
}

// Least squares with a, b >= 0. When the free optimum breaks a bound, the constrained one lies
// on a boundary (the error is convex): the better of a = 0 and b = 0.
Line fitLine(std::span<const std::pair<double, double>> xt) {
  Sums s;
  for (const auto& [x, t] : xt) {
    s.n += 1;
    s.x += x;
    s.xx += x * x;
    s.t += t;
    s.xt += x * t;
  }
  const double det = s.n * s.xx - s.x * s.x;
  const double b = (s.n * s.xt - s.x * s.t) / det;
  const Line free{(s.t - b * s.x) / s.n, b};
  if (free.a >= 0 && free.b >= 0) return free;
  const Line noSerial{0, s.xt / s.xx};
  const Line serialOnly{s.t / s.n, 0};
  return squaredError(noSerial, xt) <= squaredError(serialOnly, xt) ? noSerial : serialOnly;
}

}  // namespace

double AmdahlFit::timeAt(double threads) const {
  return oneThreadS * (serialFraction + (1 - serialFraction) / threads);
}

double AmdahlFit::speedupAt(double threads) const {
  return 1 / (serialFraction + (1 - serialFraction) / threads);
}

std::optional<AmdahlFit> fitAmdahl(std::span<const ThreadTime> times) {
  std::vector<ThreadTime> valid;
  std::set<double> threadCounts;
  double longest = 0;
  for (const ThreadTime& time : times) {
    if (!(time.threads >= 1) || !std::isfinite(time.threads) || !std::isfinite(time.seconds) ||
        time.seconds <= 0)
      continue;
    valid.push_back(time);
    threadCounts.insert(time.threads);
    longest = std::max(longest, time.seconds);
  }
  if (threadCounts.size() < 2) return std::nullopt;
  // Times relative to the longest: their squares neither overflow nor underflow.
  std::vector<std::pair<double, double>> xt;
  for (const ThreadTime& time : valid) xt.emplace_back(1.0 / time.threads, time.seconds / longest);
  const Line line = fitLine(xt);
  double mean = 0;
  for (const auto& [x, t] : xt) mean += t / static_cast<double>(xt.size());
  double total = 0;
  double relative = 0;
  for (const auto& [x, t] : xt) {
    total += (t - mean) * (t - mean);
    const double error = (line.a + line.b * x - t) / t;
    relative += error * error / static_cast<double>(xt.size());
  }
  const double residual = squaredError(line, xt);
  AmdahlFit fit;
  fit.serialFraction = std::clamp(line.a / (line.a + line.b), 0.0, 1.0);
  fit.oneThreadS = (line.a + line.b) * longest;
  fit.rSquared = total > 0 ? 1 - residual / total : 1;
  fit.rmsRelativeError = std::sqrt(relative);
  if (!std::isfinite(fit.oneThreadS) || fit.oneThreadS <= 0 || !std::isfinite(fit.rSquared))
    return std::nullopt;
  return fit;
}

double threadsUsed(const ReportRow& row) {
  if (row.coresUsed && coresBeyondThreads(*row.coresUsed, row.threads)) return *row.coresUsed;
  return row.threads;
}

std::vector<ScalingFit> scalingFits(const std::vector<ReportRow>& rows) {
  std::vector<ScalingFit> fits;
  std::vector<std::vector<ThreadTime>> times;
  std::map<std::pair<std::string, std::string>, std::size_t> indexOf;  // group, variant
  for (const ReportRow& row : rows) {
    if (row.status != PointStatus::ok || row.medianS <= 0) continue;
    const auto [at, added] = indexOf.try_emplace({row.group, row.variant}, fits.size());
    if (added) {
      fits.push_back({row.runId, row.group, row.kernel, row.problem, row.variant, {}});
      times.emplace_back();
    }
    times[at->second].push_back({threadsUsed(row), row.medianS});
  }
  std::vector<ScalingFit> fitted;
  for (std::size_t i = 0; i < fits.size(); ++i) {
    if (const auto fit = fitAmdahl(times[i])) {
      fits[i].fit = *fit;
      fitted.push_back(std::move(fits[i]));
    }
  }
  return fitted;
}

}  // namespace accellab
