#include "accellab/runner.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <exception>
#include <map>
#include <new>
#include <stdexcept>

#include "accellab/format.h"
#include "accellab/quality.h"
#include "accellab/session.h"
#include "runner_estimate.h"

namespace accellab {

double steadySeconds() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

double processCpuSeconds() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

std::size_t pointSampleCap(std::size_t pointCount) {
  return static_cast<std::size_t>(kMaxRunSamples / std::max<std::size_t>(pointCount, 1));
}

std::optional<std::string> runSizeProblem(std::size_t pointCount) {
  if (pointCount <= kMaxRunPoints) return std::nullopt;
  return "a sweep of " + std::to_string(pointCount) + " points is more than one run may hold (" +
         std::to_string(kMaxRunPoints) + "): each point could store fewer than " +
         std::to_string(kMinPointSamples) + " of the " + std::to_string(kMaxRunSamples) +
         " samples a run may store; split it into several runs";
}

namespace {

// The wall clock the samples are timed by, and the CPU clock of the process read beside it.
struct Clocks {
  const Clock& wall;
  const Clock& cpu;
  CounterSource* counters = nullptr;
};

// Each counter's change from `before` to now, added to `totals` (sized on first use).
void addCounted(CounterSource& counters, const std::vector<double>& before,
                std::vector<double>& totals) {
  const std::vector<double> after = counters.read();
  totals.resize(after.size());
  for (std::size_t i = 0; i < after.size() && i < before.size(); ++i)
    totals[i] += std::max(0.0, after[i] - before[i]);
}

std::map<std::string, double> byEvent(const CounterSource& counters,
                                      const std::vector<double>& totals, double calls) {
  std::map<std::string, double> counts;
  for (std::size_t i = 0; i < totals.size() && i < counters.events().size(); ++i)
    counts[counters.events()[i]] = totals[i] / calls;
  return counts;
}

// The run's sample budget applied to its points, refused up front when spread too thin.
MeasureConfig budgeted(const MeasureConfig& config, std::size_t pointCount) {
  if (auto problem = runSizeProblem(pointCount)) throw std::length_error(*problem);
  MeasureConfig capped = config;
  capped.maxReps = std::min(config.maxReps, pointSampleCap(pointCount));
  return capped;
}

constexpr double kProgressIntervalS = 0.05;
constexpr std::uint64_t kMaxRunsPerSample = std::uint64_t{1} << 30;

PointStage entering(RunPhase phase) {
  PointStage stage;
  stage.phase = phase;
  return stage;
}

void setStatus(PointResult& result, PointStatus status, std::string reason) {
  result.status = status;
  result.reason = std::move(reason);
}

// How far the stop rule of MeasureConfig has come, 0..1.
double measuredFraction(const MeasureConfig& config, std::size_t reps, double totalS,
                        double wallS) {
  const auto share = [](double done, double target) { return target > 0 ? done / target : 1.0; };
  const double enough =
      std::min(share(static_cast<double>(reps), static_cast<double>(config.minReps)),
               share(totalS, config.minTimeS));
  const double limit =
      std::max(share(wallS, config.maxTimeS),
               share(static_cast<double>(reps), static_cast<double>(config.maxReps)));
  return std::clamp(std::max(enough, limit), 0.0, 1.0);
}

bool measuredEnough(const MeasureConfig& config, std::size_t reps, double totalS, double wallS) {
  return (reps >= config.minReps && totalS >= config.minTimeS) || wallS >= config.maxTimeS ||
         reps >= config.maxReps;
}

template <class F>
void forEachGpuField(F&& f) {
  for (double GpuTiming::*field :
       {&GpuTiming::kernelS, &GpuTiming::h2dS, &GpuTiming::d2hS, &GpuTiming::endToEndS,
        &GpuTiming::h2dPageableS, &GpuTiming::d2hPageableS})
    f(field);
}

// `runs` back-to-back runs after one untimed poisoning of the output.
struct Batch {
  double endS = 0;
  double clockS = 0;   // the runner's clock around all runs
  double sampleS = 0;  // per run: the runs' own timing when they all had one
  // Per run: the CPU seconds of the process that ran the code, and the wall seconds they are
  // set against (the runs' own when they timed their own process, else the runner's clock).
  double cpuS = 0;
  double cpuWallS = 0;
  bool cpuMeasured = false;
  std::vector<double> counted;   // each counter's change over all the runs; empty: none
  std::optional<GpuTiming> gpu;  // per run, summed over the runs then divided
  bool cancelled = false;
};

// The fewest threads that worked in any run so far (RunOutcome::threadsWorked), 0 until one
// counted them.
void countWorkers(const RunOutcome& outcome, PointResult& result) {
  if (!outcome.threadsWorked) return;
  result.threadsWorked = result.threadsWorked == 0
                             ? *outcome.threadsWorked
                             : std::min(result.threadsWorked, *outcome.threadsWorked);
}

// Every rank of the group starts the batch together (a barrier after the untimed poisoning).
Batch timeBatch(KernelRun& run, std::uint64_t runs, const Clocks& clocks, Collective& group,
                std::stop_token stop, PointResult& result) {
  run.poisonOutput();
  Batch batch;
  double timedS = 0;
  double ownCpuS = 0;
  bool allTimed = true;
  bool allOwnCpu = true;
  GpuTiming gpu;
  group.barrier();
  // Read outside the wall clock's reads: the CPU clock (a system call) costs no sample time.
  // The counters outside the CPU clock's: their reads (a system call an event and thread) are
  // CPU time the code did not spend, and would read as cores it kept busy.
  const bool processCpu = static_cast<bool>(clocks.cpu);
  const std::vector<double> countedStart =
      clocks.counters ? clocks.counters->read() : std::vector<double>{};
  const double cpuStart = processCpu ? clocks.cpu() : 0;
  const double start = clocks.wall();
  for (std::uint64_t i = 0; i < runs; ++i) {
    const RunOutcome outcome = run.run(stop);
    if (outcome.cancelled) {
      batch.cancelled = true;
      break;
    }
    countWorkers(outcome, result);
    allTimed = allTimed && outcome.timedS.has_value();
    timedS += outcome.timedS.value_or(0);
    allOwnCpu = allOwnCpu && outcome.cpuS.has_value() && outcome.timedS.has_value();
    ownCpuS += outcome.cpuS.value_or(0);
    if (outcome.gpu) {
      forEachGpuField([&](double GpuTiming::*field) { gpu.*field += (*outcome.gpu).*field; });
      batch.gpu = gpu;
    }
  }
  batch.endS = clocks.wall();
  const double cpuEnd = processCpu ? clocks.cpu() : 0;
  if (clocks.counters) addCounted(*clocks.counters, countedStart, batch.counted);
  batch.clockS = batch.endS - start;
  const auto n = static_cast<double>(runs);
  batch.sampleS = (allTimed ? timedS : batch.clockS) / n;
  batch.cpuMeasured = allOwnCpu || processCpu;
  batch.cpuS = (allOwnCpu ? ownCpuS : cpuEnd - cpuStart) / n;
  batch.cpuWallS = (allOwnCpu ? timedS : batch.clockS) / n;
  if (batch.gpu) forEachGpuField([&](double GpuTiming::*field) { (*batch.gpu).*field /= n; });
  return batch;
}

// More runs per sample for a batch that was too short, aiming past the target as Google
// Benchmark does, growing at most tenfold per step.
std::uint64_t grownRuns(std::uint64_t runs, double batchS, double targetS) {
  const double factor = batchS > 0 ? std::min(10.0, 1.4 * targetS / batchS) : 10.0;
  const auto grown = static_cast<std::uint64_t>(std::ceil(static_cast<double>(runs) * factor));
  return std::min(kMaxRunsPerSample, std::max(runs + 1, grown));
}

GpuTiming medianGpu(const std::vector<GpuTiming>& timings) {
  std::vector<double> values(timings.size());
  GpuTiming medians;
  forEachGpuField([&](double GpuTiming::*field) {
    std::transform(timings.begin(), timings.end(), values.begin(),
                   [&](const GpuTiming& t) { return t.*field; });
    medians.*field = median(values);
  });
  return medians;
}

GpuTiming madGpu(const std::vector<GpuTiming>& timings, const GpuTiming& medians) {
  std::vector<double> deviations(timings.size());
  GpuTiming mads;
  forEachGpuField([&](double GpuTiming::*field) {
    std::transform(timings.begin(), timings.end(), deviations.begin(),
                   [&](const GpuTiming& t) { return std::abs(t.*field - medians.*field); });
    mads.*field = median(deviations);
  });
  return mads;
}

// Warm-up, calibration and repetitions of one prepared run. Returns false when cancelled;
// the samples measured until then are kept. In a group of ranks, each time is the slowest
// rank's and every decision rank 0's, so that all ranks repeat alike; `ownSamplesS` gets
// this rank's own times.
bool measureRepetitions(KernelRun& run, const MeasureConfig& config, const Clocks& clocks,
                        Collective& group, std::stop_token stop, const StageReport& stage,
                        PointResult& result, std::vector<double>& ownSamplesS) {
  const Clock& clock = clocks.wall;
  stage(entering(RunPhase::warmingUp));
  run.poisonOutput();
  group.barrier();
  const std::vector<double> firstBefore =
      clocks.counters ? clocks.counters->read() : std::vector<double>{};
  const double warmStart = clock();
  const RunOutcome warm = run.run(stop);
  const double warmS = clock() - warmStart;
  std::vector<double> firstCounted;
  if (clocks.counters && !warm.madeEarlier) addCounted(*clocks.counters, firstBefore, firstCounted);
  if (group.anyOf(warm.cancelled)) return false;
  countWorkers(warm, result);
  result.firstCallS = group.maxOver(warm.timedS.value_or(warmS));
  // The warm-up's time foretells the repetitions until the first sample corrects it.
  stage({.phase = RunPhase::measuring,
         .repetitionsDone = 0,
         .repetitionsExpected =
             detail::expectedRepetitions(std::max(result.firstCallS, config.minSampleS), config),
         .runS = result.firstCallS,
         .fraction = 0});

  // Growth past minReps stays amortised; a huge minReps does not allocate up front.
  result.samplesS.reserve(std::min<std::size_t>(config.minReps, std::size_t{1} << 20));
  std::vector<GpuTiming> gpuSamples;
  std::vector<double> cpuSamplesS;
  bool cpuMeasured = true;  // in every sample
  double cpuTotalS = 0;
  double cpuWallTotalS = 0;
  std::vector<double> countedTotals;  // over the samples' batches, not calibration's
  double countedCalls = 0;
  bool calibrated = config.minSampleS <= 0;
  double totalS = 0;
  const double start = clock();
  double lastReportS = start;
  bool complete = true;
  for (;;) {
    const bool stopped = group.rootDecides(stop.stop_requested());
    Batch batch =
        stopped ? Batch{} : timeBatch(run, result.runsPerSample, clocks, group, stop, result);
    if (stopped || group.anyOf(batch.cancelled)) {
      complete = false;
      break;
    }
    const double ownSampleS = batch.sampleS;
    batch.sampleS = group.maxOver(batch.sampleS);
    batch.clockS = group.maxOver(batch.clockS);
    if (!calibrated) {
      calibrated = group.rootDecides(batch.clockS >= config.minSampleS ||
                                     result.runsPerSample >= kMaxRunsPerSample);
      if (!calibrated) {
        result.runsPerSample =
            group.rootDecides(grownRuns(result.runsPerSample, batch.clockS, config.minSampleS));
        continue;
      }
    }
    totalS += batch.clockS;
    result.samplesS.push_back(batch.sampleS);
    ownSamplesS.push_back(ownSampleS);
    if (batch.gpu) gpuSamples.push_back(*batch.gpu);
    cpuMeasured = cpuMeasured && batch.cpuMeasured;
    cpuSamplesS.push_back(batch.cpuS);
    cpuTotalS += batch.cpuS;
    cpuWallTotalS += batch.cpuWallS;
    countedTotals.resize(batch.counted.size());
    for (std::size_t i = 0; i < batch.counted.size(); ++i) countedTotals[i] += batch.counted[i];
    countedCalls += static_cast<double>(result.runsPerSample);
    const double wallS = batch.endS - start;
    const std::size_t reps = result.samplesS.size();
    if (group.rootDecides(measuredEnough(config, reps, totalS, wallS))) {
      result.flags.cutShort = reps < config.minReps && wallS >= config.maxTimeS;
      break;
    }
    if (batch.endS - lastReportS >= kProgressIntervalS) {
      lastReportS = batch.endS;
      const double sampleS = totalS / static_cast<double>(reps);
      stage({.phase = RunPhase::measuring,
             .repetitionsDone = reps,
             .repetitionsExpected = std::max(reps, detail::expectedRepetitions(sampleS, config)),
             .runS = batch.sampleS,
             .fraction = measuredFraction(config, reps, totalS, wallS)});
    }
  }
  if (!gpuSamples.empty()) {
    result.gpu = medianGpu(gpuSamples);
    result.gpuMad = madGpu(gpuSamples, *result.gpu);
  }
  if (cpuMeasured && !cpuSamplesS.empty() && cpuWallTotalS > 0)
    result.cpu = CpuUse{cpuSamplesS, median(cpuSamplesS), cpuTotalS / cpuWallTotalS};
  if (clocks.counters && !countedTotals.empty() && countedCalls > 0)
    result.counts = EventCounts{byEvent(*clocks.counters, countedTotals, countedCalls),
                                byEvent(*clocks.counters, firstCounted, 1)};
  return complete;
}

// The run's settings, or the repetitions the run asks for itself (recorded in the point).
MeasureConfig ownRepetitions(const KernelRun& run, const MeasureConfig& config,
                             PointResult& result) {
  const auto own = run.repetitions();
  if (!own) return config;
  MeasureConfig asked = config;
  // The run's sample budget (and --max-reps) still hold.
  asked.maxReps = std::min(own->maxReps, config.maxReps);
  asked.minReps = std::min(own->minReps, asked.maxReps);
  asked.minTimeS = own->minTimeS;
  asked.maxTimeS = std::max(config.maxTimeS, own->minTimeS);
  result.repetitionsBy = own->origin;
  return asked;
}

void summarizeSamples(PointResult& result) {
  result.stats = summarize(result.samplesS);
  if (result.stats.medianS <= 0) return;
  result.elementsPerS = static_cast<double>(result.elements) / result.stats.medianS;
  result.bytesPerS = static_cast<double>(result.bytes) / result.stats.medianS;
  result.flopsPerS = static_cast<double>(result.flops) / result.stats.medianS;
}

// Why a point cannot run on `ranks` ranks of a launch of `worldSize`.
std::string rankProblem(int ranks, int worldSize, const VariantInfo& variant) {
  if (ranks > 1 && !variant.distributed)
    return "variant " + variant.name + " runs in one process, not on " + std::to_string(ranks) +
           " ranks";
  if (ranks < 1) return "rank count " + std::to_string(ranks) + " is below 1";
  return std::to_string(ranks) + " ranks asked for, but the launch has " +
         std::to_string(worldSize) + " (start it with mpirun -np " + std::to_string(ranks) + ")";
}

// The checks that refuse a point before anything is allocated; empty when it may run.
std::optional<std::pair<PointStatus, std::string>> refusal(const Kernel* kernel, const Point& point,
                                                           const MemoryProbe& memory,
                                                           int worldSize) {
  using Refusal = std::pair<PointStatus, std::string>;
  if (!kernel) return Refusal{PointStatus::failed, "unknown kernel '" + point.kernel + "'"};
  const KernelInfo& info = kernel->info();
  const VariantInfo* variant = info.variant(point.variant);
  if (!variant)
    return Refusal{PointStatus::failed,
                   "unknown variant '" + point.variant + "' of " + point.kernel};
  if (!variant->availability.available)
    return Refusal{PointStatus::skipped, variant->availability.reason};
  if (auto problem = validateParams(info, point.params))
    return Refusal{PointStatus::failed, *problem};
  if (point.threads < 1)
    return Refusal{PointStatus::failed,
                   "thread count " + std::to_string(point.threads) + " is below 1"};
  if (point.ranks < 1 || point.ranks > worldSize || (point.ranks > 1 && !variant->distributed))
    return Refusal{PointStatus::failed, rankProblem(point.ranks, worldSize, *variant)};
  const MemoryAvailable available = memory();
  if (auto tooBig = checkMemory(kernel->memoryNeed(point.params, point.variant), available))
    return Refusal{PointStatus::skipped, *tooBig};
  return std::nullopt;
}

// The memory guard let the point through, yet an allocation failed: the limit moved, or the
// kernel needs more than it declares. Never reported as a verification failure.
// The step of measurePoint during Kernel::prepare.
constexpr std::string_view kPreparing = "preparing its buffers";

std::string outOfMemory(const Kernel* kernel, const Point& point, std::string_view step) {
  std::string text =
      std::string(kOutOfMemory) + ": an allocation failed while " + std::string(step);
  if (kernel) {
    const MemoryNeed need = kernel->memoryNeed(point.params, point.variant);
    text += "; the point needs " +
            formatValue(static_cast<double>(need.hostBytes), ValueKind::bytes) + " of RAM";
    if (need.deviceBytes > 0)
      text += " and " + formatValue(static_cast<double>(need.deviceBytes), ValueKind::bytes) +
              " of GPU memory";
  }
  return text + "; free memory, raise the process's memory limit or measure a smaller problem";
}

// Measures `point` on this rank, one of its group's. An exception is this rank's own: the
// others of its group may be waiting for it in a collective call (failAlone).
MeasuredPoint measure(const Registry& registry, const MemoryProbe& memory, const Clocks& clocks,
                      Collective& group, const Point& point, const MeasureConfig& config,
                      std::stop_token stop, const StageReport& stage) {
  MeasuredPoint measured;
  PointResult& result = measured.result;
  result.point = point;
  const Kernel* kernel = registry.find(point.kernel);
  const VariantInfo* variant = kernel ? kernel->info().variant(point.variant) : nullptr;
  const bool distributed = variant && variant->distributed;
  std::string_view step = "checking the point";  // what an allocation failure interrupted
  try {
    auto refused = refusal(kernel, point, memory, group.worldSize());
    // Rank 0's refusal holds for the group; a rank that alone cannot take part (its memory)
    // fails the launch rather than leave the others waiting.
    if (group.rootDecides(refused.has_value())) {
      if (!refused) refused = {PointStatus::skipped, "refused on rank 0"};
      setStatus(result, refused->first, std::move(refused->second));
      return measured;
    }
    if (refused) {
      group.failAlone(refused->second);
      setStatus(result, refused->first, std::move(refused->second));
      return measured;
    }
    const Workload workload = kernel->workload(point.params);
    result.elements = workload.elements;
    result.bytes = workload.bytes;
    result.flops = workload.flops;
    if (group.rootDecides(stop.stop_requested())) {
      setStatus(result, PointStatus::cancelled, "cancelled");
      return measured;
    }
    step = kPreparing;
    stage(entering(RunPhase::preparing));
    const Clock& clock = clocks.wall;
    const double prepareStart = clock();
    const auto run = kernel->prepare(point.params, point.variant,
                                     {.threads = point.threads,
                                      .streamingFromBytes = config.streamingFromBytes,
                                      .splitFromBytes = config.splitFromBytes,
                                      .stop = stop});
    measured.prepareS = clock() - prepareStart;
    result.isa = run->isa();
    result.stores = run->stores();
    result.build = run->codeBuild();
    step = "measuring";
    std::vector<double> ownSamplesS;
    const bool complete = measureRepetitions(*run, ownRepetitions(*run, config, result), clocks,
                                             group, stop, stage, result, ownSamplesS);
    // Where a program pays them: before its first call.
    if (result.build) result.firstCallS += result.build->compileS + result.build->loadS;
    if (distributed)
      result.rankMediansS = group.gatherOnRoot(ownSamplesS.empty() ? 0.0 : median(ownSamplesS));
    summarizeSamples(result);
    if (!complete) {
      setStatus(result, PointStatus::cancelled, "cancelled");
      return measured;
    }
    step = "verifying against the reference";
    stage(entering(RunPhase::verifying));
    Verification verification = run->verify();
    result.verified = verification.ok && verification.checked;
    result.verifyDetail = verification.detail;
    measured.fingerprint = verification.fingerprint;
    if (!verification.ok && verification.checked)
      setStatus(result, PointStatus::failed, "verification failed: " + verification.detail);
    // Untimed and after the samples: a failure here leaves the measured times standing.
    try {
      result.values = run->reportedValues();
    } catch (const std::exception& error) {
      result.valuesMissing = error.what();
    }
    result.flags = judgeQuality(result, config.quality);
  } catch (const PointSkipped& notHere) {
    setStatus(result, PointStatus::skipped, notHere.what());
    group.failAlone(result.reason);
  } catch (const std::bad_alloc&) {
    setStatus(result, PointStatus::failed, outOfMemory(kernel, point, step));
    group.failAlone(result.reason);
  } catch (const std::exception& error) {
    // A prepare stopped while it waited (Kernel::prepare) throws: that is a cancel.
    if (stop.stop_requested() && step == kPreparing) {
      setStatus(result, PointStatus::cancelled, "cancelled");
      return measured;
    }
    setStatus(result, PointStatus::failed, error.what());
    group.failAlone(result.reason);
  } catch (...) {
    setStatus(result, PointStatus::failed, "unknown exception");
    group.failAlone(result.reason);
  }
  return measured;
}

// The first ok point of a (kernel, params) sets the value every later one must reproduce.
struct FingerprintReference {
  std::string kernel;
  Params params;
  std::string variant;
  std::uint64_t fingerprint = 0;
};

void checkFingerprint(MeasuredPoint& measured, std::vector<FingerprintReference>& references) {
  PointResult& result = measured.result;
  if (result.status != PointStatus::ok || !measured.fingerprint) return;
  const auto reference = std::find_if(references.begin(), references.end(), [&](const auto& r) {
    return r.kernel == result.point.kernel && r.params == result.point.params;
  });
  if (reference == references.end()) {
    references.push_back(
        {result.point.kernel, result.point.params, result.point.variant, *measured.fingerprint});
  } else if (reference->fingerprint != *measured.fingerprint) {
    result.verified = false;
    setStatus(result, PointStatus::failed,
              "fingerprint " + std::to_string(*measured.fingerprint) + " differs from " +
                  reference->variant + "'s " + std::to_string(reference->fingerprint));
  }
}

// Turns the stages of the point being measured into the run's Progress: the point named in
// full, its phase, the fraction (monotonic) and the time left from the estimate.
class ProgressReporter {
 public:
  ProgressReporter(const Registry& registry, const Clock& clock,
                   const detail::RunEstimate& estimate,
                   const std::function<void(const Progress&)>& forward, std::size_t total)
      : registry_(registry), clock_(clock), estimate_(estimate), forward_(forward) {
    progress_.pointsTotal = total;
  }

  void begin(std::size_t index, const Point& point, std::size_t attempt = 0,
             std::size_t attempts = 0) {
    const Kernel* kernel = registry_.find(point.kernel);
    const VariantInfo* variant = kernel ? kernel->info().variant(point.variant) : nullptr;
    progress_.point = point;
    progress_.pointIndex = index;
    progress_.usesThreads = variant && variant->usesThreads;
    progress_.attempt = attempt;
    progress_.attempts = attempts;
    pointStartS_ = clock_();
    phaseStartS_.reset();
    within_ = 0;
  }

  void report(const PointStage& stage) {
    const double now = clock_();
    if (!phaseStartS_ || stage.phase != progress_.phase) phaseStartS_ = now;
    progress_.phase = stage.phase;
    progress_.repetitionsDone = stage.repetitionsDone;
    progress_.repetitionsExpected = stage.repetitionsExpected;
    if (!forward_) return;
    const double inPoint = now - pointStartS_;
    const double left = pointSecondsLeft(stage, now - *phaseStartS_);
    if (inPoint + left > 0) within_ = std::max(within_, std::min(1.0, inPoint / (inPoint + left)));
    progress_.pointEtaS = left;
    progress_.etaS = left + estimate_.secondsAfter(progress_.pointIndex);
    // Once the point's own runs are timed, its time left is measured, not guessed.
    progress_.etaIsFloor = estimate_.guessesFrom(progress_.pointIndex + (stage.runS ? 1 : 0));
    setFraction();
    forward_(progress_);
  }

  void pointDone() {
    ++progress_.pointsDone;
    within_ = 0;
  }

  // The report that closes the run: everything done, no point named.
  void finish() {
    if (!forward_) return;
    progress_.point.reset();
    progress_.usesThreads = false;
    progress_.repetitionsDone = 0;
    progress_.repetitionsExpected.reset();
    progress_.etaS = 0.0;
    progress_.etaIsFloor = false;
    progress_.pointEtaS.reset();
    setFraction();
    forward_(progress_);
  }

 private:
  // The current point's seconds left, from its phase and how long that phase has lasted.
  double pointSecondsLeft(const PointStage& stage, double inPhaseS) const {
    const detail::PointPlan plan = estimate_.plan(progress_.pointIndex);
    const auto rest = [&](double predictedS) { return std::max(0.0, predictedS - inPhaseS); };
    switch (stage.phase) {
      case RunPhase::preparing:
        return rest(plan.prepareS) + estimate_.measuringSeconds(plan.runS) + plan.verifyS;
      case RunPhase::warmingUp:
        return rest(estimate_.measuringSeconds(plan.runS)) + plan.verifyS;
      case RunPhase::measuring: {
        const auto runS = stage.runS ? stage.runS : plan.runS;
        // The measuring phase began after the warm-up, whose time measuringSeconds includes.
        return rest(estimate_.measuringSeconds(runS) - runS.value_or(0)) + plan.verifyS;
      }
      case RunPhase::verifying:
        return rest(plan.verifyS);
    }
    return 0;
  }

  void setFraction() {
    const auto total = static_cast<double>(progress_.pointsTotal);
    progress_.fraction =
        total > 0 ? std::min(1.0, (static_cast<double>(progress_.pointsDone) + within_) / total)
                  : 1.0;
  }

  const Registry& registry_;
  const Clock& clock_;
  const detail::RunEstimate& estimate_;
  const std::function<void(const Progress&)>& forward_;
  Progress progress_;
  double pointStartS_ = 0;
  std::optional<double> phaseStartS_;  // empty until the point's first stage
  double within_ = 0;                  // of the current point, never moving back
};

// Measures `point` on the ranks of its group (rank 0 alone for a point that is not
// distributed); the other ranks of the launch wait for them and get a placeholder.
MeasuredPoint measureInGroup(Collective& collective, const Registry& registry,
                             const MemoryProbe& memory, const Clocks& clocks, const Point& point,
                             const MeasureConfig& config, std::stop_token stop,
                             const StageReport& stage) {
  MeasuredPoint measured;
  if (collective.joinPoint(point.ranks)) {
    measured = measure(registry, memory, clocks, collective, point, config, std::move(stop), stage);
  } else {
    measured.result.point = point;
    setStatus(measured.result, PointStatus::skipped,
              "measured by ranks 0 to " + std::to_string(point.ranks - 1));
  }
  collective.leavePoint();
  return measured;
}

// A point that ends the run early (a stop request, a run ended by crashes) unmeasured.
PointResult cancelledPoint(const Point& point, std::string reason = "cancelled") {
  PointResult cancelled;
  cancelled.point = point;
  setStatus(cancelled, PointStatus::cancelled, std::move(reason));
  return cancelled;
}

}  // namespace

Runner::Runner(const Registry& registry, MemoryProbe memory, Clock clock,
               std::shared_ptr<Collective> collective, Clock cpuClock,
               std::shared_ptr<CounterSource> counters)
    : registry_(registry),
      memory_(std::move(memory)),
      clock_(std::move(clock)),
      cpuClock_(std::move(cpuClock)),
      counters_(std::move(counters)),
      collective_(collective ? std::move(collective) : std::make_shared<SoloCollective>()) {
  if (!memory_) throw std::invalid_argument("a runner needs a memory probe");
  if (!clock_) throw std::invalid_argument("a runner needs a clock");
}

void Runner::measureIn(std::shared_ptr<PointMeasurer> measurer) { measurer_ = std::move(measurer); }

MeasuredPoint Runner::measureHere(const Point& point, const MeasureConfig& config,
                                  std::stop_token stop, const StageReport& stage) {
  return measureInGroup(*collective_, registry_, memory_, {clock_, cpuClock_, counters_.get()},
                        point, config, std::move(stop), stage);
}

MeasuredPoint Runner::measureOne(const Point& point, const MeasureConfig& config,
                                 std::stop_token stop, const StageReport& stage, double expectedS) {
  // Ranks of a launch measure together, each in its own process: never through a worker.
  if (measurer_ && collective_->worldSize() == 1)
    return measurer_->measure(point, config, std::move(stop), stage, expectedS);
  return measureHere(point, config, std::move(stop), stage);
}

PointResult Runner::runPoint(const Point& point, const MeasureConfig& config,
                             std::stop_token stop) {
  return runPoint(point, config, std::move(stop), {});
}

PointResult Runner::runPoint(const Point& point, const MeasureConfig& config, std::stop_token stop,
                             const PointProgress& progress) {
  const StageReport stage = [&progress](const PointStage& s) {
    if (progress && s.phase == RunPhase::measuring && s.repetitionsDone > 0) progress(s.fraction);
  };
  return measureInGroup(*collective_, registry_, memory_, {clock_, cpuClock_, counters_.get()},
                        point, budgeted(config, 1), std::move(stop), stage)
      .result;
}

std::vector<PointResult> Runner::run(const std::vector<Point>& points,
                                     const MeasureConfig& requested, const RunCallbacks& callbacks,
                                     std::stop_token stop) {
  const MeasureConfig config = budgeted(requested, points.size());
  std::vector<PointResult> results;
  results.reserve(points.size());
  std::vector<FingerprintReference> references;
  detail::RunEstimate estimate(registry_, points, config, callbacks.bandwidthBytesPerS);
  ProgressReporter reporter(registry_, clock_, estimate, callbacks.progress, points.size());
  const StageReport stage = [&reporter](const PointStage& s) { reporter.report(s); };
  std::optional<std::string> ended;  // why the run stopped before its end, when it did
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (collective_->rootDecides(stop.stop_requested())) {
      results.push_back(cancelledPoint(points[i]));
    } else if (ended) {
      results.push_back(cancelledPoint(points[i], "not measured: " + *ended));
    } else {
      reporter.begin(i, points[i]);
      MeasuredPoint measured = measureOne(points[i], config, stop, stage, estimate.pointSeconds(i));
      checkFingerprint(measured, references);
      estimate.learn(i, measured.prepareS, measured.result);
      ended = std::move(measured.endsRun);
      results.push_back(std::move(measured.result));
    }
    reporter.pointDone();
    if (callbacks.pointFinished) callbacks.pointFinished(results.back());
  }
  reporter.finish();
  return results;
}

std::string_view toString(RunPhase phase) {
  switch (phase) {
    case RunPhase::preparing:
      return "preparing";
    case RunPhase::warmingUp:
      return "warming up";
    case RunPhase::measuring:
      return "measuring";
    case RunPhase::verifying:
      return "verifying";
  }
  return "working";
}

std::string Progress::describePoint() const {
  if (!point) return {};
  std::string text = point->kernel + " \u00b7 " + point->variant;
  if (usesThreads || point->threads != 1)
    text +=
        " \u00d7" + std::to_string(point->threads) + (point->threads == 1 ? " thread" : " threads");
  return text + " \u00b7 " + describe(point->params);
}

std::string Progress::describePhase() const {
  std::string text(toString(phase));
  if (phase == RunPhase::measuring && repetitionsDone > 0) {
    text.append(" ").append(std::to_string(repetitionsDone));
    if (repetitionsExpected) text.append(" of ").append(std::to_string(*repetitionsExpected));
  }
  if (attempt > 0)
    text += ", re-run " + std::to_string(attempt) + " of " + std::to_string(attempts);
  return text;
}

bool ranOutOfMemory(const PointResult& result) {
  return result.status == PointStatus::failed && result.reason.starts_with(kOutOfMemory);
}

std::vector<std::size_t> Runner::rerunUnstable(std::vector<PointResult>& results,
                                               const MeasureConfig& requested,
                                               std::size_t maxAttempts,
                                               const RunCallbacks& callbacks,
                                               std::stop_token stop) {
  const MeasureConfig config = budgeted(requested, results.size());
  std::vector<std::size_t> unstable;
  for (std::size_t i = 0; i < results.size(); ++i)
    if (worthRemeasuring(results[i])) unstable.push_back(i);
  // Rank 0's results decide which points every rank measures again.
  unstable.resize(collective_->rootDecides(std::uint64_t{unstable.size()}));
  for (std::size_t& index : unstable) index = collective_->rootDecides(std::uint64_t{index});
  std::vector<Point> points;
  std::vector<std::optional<double>> knownRunS;
  for (const std::size_t index : unstable) {
    points.push_back(results[index].point);
    knownRunS.push_back(results[index].stats.medianS);
  }
  detail::RunEstimate estimate(registry_, points, config, callbacks.bandwidthBytesPerS,
                               std::move(knownRunS));
  ProgressReporter reporter(registry_, clock_, estimate, callbacks.progress, unstable.size());
  const StageReport stage = [&reporter](const PointStage& s) { reporter.report(s); };
  std::optional<std::string> ended;  // a worker that crashed too often: no more re-runs
  for (std::size_t k = 0; k < unstable.size(); ++k) {
    PointResult& kept = results[unstable[k]];
    for (std::size_t attempt = 1;
         attempt <= maxAttempts && collective_->rootDecides(worthRemeasuring(kept)); ++attempt) {
      if (collective_->rootDecides(stop.stop_requested()) || ended) break;
      reporter.begin(k, kept.point, attempt, maxAttempts);
      MeasuredPoint measured =
          measureOne(kept.point, config, stop, stage, estimate.pointSeconds(k));
      PointResult again = std::move(measured.result);
      ended = std::move(measured.endsRun);
      if (collective_->rootDecides(again.status == PointStatus::cancelled)) break;
      again.attempts = kept.attempts + 1;
      // A failure is news, never hidden behind an earlier good measurement.
      if (again.status != PointStatus::ok || steadier(again, kept)) {
        kept = std::move(again);
      } else {
        kept.attempts = again.attempts;
      }
    }
    reporter.pointDone();
    if (callbacks.pointFinished) callbacks.pointFinished(kept);
  }
  reporter.finish();
  return unstable;
}

}  // namespace accellab
