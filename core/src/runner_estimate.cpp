#include "runner_estimate.h"

#include <algorithm>
#include <cmath>

#include "accellab/kernel.h"
#include "accellab/runner.h"

namespace accellab::detail {

namespace {

// Filling inputs with random values, first touch of every page included, runs a few times
// slower than a plain copy: the prediction for preparing before one point has taught it.
constexpr double kFillCostPerCopy = 4;
// Points that prepare less than this teach nothing about the machine's filling speed.
constexpr double kMinLearnedBytes = 1 << 20;

}  // namespace

std::size_t expectedRepetitions(double sampleS, const MeasureConfig& config) {
  if (sampleS <= 0) return std::max<std::size_t>(config.minReps, 1);
  const auto byTime = [&](double seconds) {
    return static_cast<std::size_t>(std::ceil(seconds / sampleS));
  };
  std::size_t reps = std::max(config.minReps, byTime(config.minTimeS));
  reps = std::min({reps, config.maxReps, std::max<std::size_t>(byTime(config.maxTimeS), 1)});
  return std::max<std::size_t>(reps, 1);
}

double measuringSeconds(double runS, const MeasureConfig& config) {
  // Fast runs are timed in batches of at least minSampleS each.
  const double sampleS = std::max(runS, config.minSampleS);
  return static_cast<double>(expectedRepetitions(sampleS, config)) * sampleS;
}

RunEstimate::RunEstimate(const Registry& registry, const std::vector<Point>& points,
                         const MeasureConfig& config, double bandwidthBytesPerS,
                         std::vector<std::optional<double>> knownRunS)
    : knownRunS_(std::move(knownRunS)),
      config_(config),
      bandwidthBytesPerS_(bandwidthBytesPerS > 0 ? bandwidthBytesPerS : kAssumedBandwidthBytesPerS),
      prepareSPerByte_(kFillCostPerCopy / bandwidthBytesPerS_) {
  knownRunS_.resize(points.size());
  work_.reserve(points.size());
  for (const Point& point : points) {
    Work work;
    work.group = {point.kernel, point.variant, point.threads};
    const Kernel* kernel = registry.find(point.kernel);
    const VariantInfo* variant = kernel ? kernel->info().variant(point.variant) : nullptr;
    work.runs = variant && variant->availability.available &&
                !validateParams(kernel->info(), point.params) && point.threads >= 1;
    if (work.runs) {
      const Workload workload = kernel->workload(point.params);
      work.elements = workload.elements;
      work.bytes = workload.bytes;
      work.hostBytes = kernel->memoryNeed(point.params, point.variant).hostBytes;
    }
    work_.push_back(work);
  }
}

PointPlan RunEstimate::plan(std::size_t index) const {
  const Work& work = work_[index];
  PointPlan plan;
  if (!work.runs) return plan;
  const auto hostBytes = static_cast<double>(work.hostBytes);
  plan.prepareS = hostBytes * prepareSPerByte_;
  plan.verifyS = hostBytes / bandwidthBytesPerS_;  // reads the output once
  if (knownRunS_[index]) {
    plan.runS = knownRunS_[index];
  } else if (const auto learned = runSPerElement_.find(work.group);
             learned != runSPerElement_.end()) {
    plan.runS = learned->second * static_cast<double>(work.elements);
  } else if (work.bytes > 0) {
    plan.runS = static_cast<double>(work.bytes) / bandwidthBytesPerS_;
  }
  return plan;
}

double RunEstimate::measuringSeconds(std::optional<double> runS) const {
  // A compute-bound point not yet learned: the measuring targets, which a short run meets.
  if (!runS)
    return std::max(config_.minTimeS, static_cast<double>(config_.minReps) * config_.minSampleS);
  return *runS + detail::measuringSeconds(*runS, config_);
}

double RunEstimate::pointSeconds(std::size_t index) const {
  if (!work_[index].runs) return 0;
  const PointPlan p = plan(index);
  return p.prepareS + measuringSeconds(p.runS) + p.verifyS;
}

double RunEstimate::secondsAfter(std::size_t index) const {
  double seconds = 0;
  for (std::size_t i = index + 1; i < work_.size(); ++i) seconds += pointSeconds(i);
  return seconds;
}

bool RunEstimate::guessesFrom(std::size_t index) const {
  for (std::size_t i = index; i < work_.size(); ++i)
    if (work_[i].runs && !knownRunS_[i] && !runSPerElement_.contains(work_[i].group)) return true;
  return false;
}

void RunEstimate::learn(std::size_t index, double prepareS, const PointResult& result) {
  const Work& work = work_[index];
  if (!work.runs || result.status != PointStatus::ok) return;
  if (static_cast<double>(work.hostBytes) >= kMinLearnedBytes && prepareS > 0) {
    preparedBytes_ += static_cast<double>(work.hostBytes);
    preparedS_ += prepareS;
    prepareSPerByte_ = preparedS_ / preparedBytes_;
  }
  if (work.elements > 0 && result.stats.medianS > 0)
    runSPerElement_[work.group] = result.stats.medianS / static_cast<double>(work.elements);
}

}  // namespace accellab::detail
