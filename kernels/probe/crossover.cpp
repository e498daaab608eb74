#include "crossover.h"

#include <cmath>
#include <cstdio>

#include "accellab/format.h"

namespace accellab::kernels {

std::uint64_t crossoverFrom(std::span<const CrossoverTrial> trials) {
  if (trials.empty()) return 0;
  double gain = 0;  // log of the product of the ratios from this trial to the largest
  double best = std::log1p(kCrossoverMargin);
  std::uint64_t from = 4 * trials.back().bytesPerArray;
  for (auto trial = trials.rbegin(); trial != trials.rend(); ++trial) {
    if (trial->usualBytesPerS <= 0 || trial->otherBytesPerS <= 0) break;  // not measured
    gain += std::log(trial->otherBytesPerS / trial->usualBytesPerS);
    if (gain > best) {
      best = gain;
      from = 2 * trial->bytesPerArray;
    }
  }
  return from;
}

std::string describeTrials(std::span<const CrossoverTrial> trials, std::uint64_t from,
                           const std::string& how, const std::string& other) {
  const auto bytes = [](std::uint64_t value) {
    return formatValue(static_cast<double>(value), ValueKind::bytes);
  };
  std::string text = how + " per array:";
  char ratio[32];
  for (const CrossoverTrial& trial : trials) {
    std::snprintf(ratio, sizeof ratio, " %.2fx,",
                  trial.usualBytesPerS > 0 ? trial.otherBytesPerS / trial.usualBytesPerS : 0);
    text.append(" ").append(bytes(trial.bytesPerArray)).append(ratio);
  }
  if (!trials.empty()) text.back() = ';';
  const bool won = !trials.empty() && from <= 2 * trials.back().bytesPerArray;
  text.append(" ")
      .append(other)
      .append(won ? " from " : " lost at every size, so only from ")
      .append(bytes(from))
      .append(won ? " touched" : " touched (twice the largest measured)");
  return text;
}

}  // namespace accellab::kernels
