// Findings: a run with one case of each, and the exact findings it gives, their numbers and
// their evidence; what is not a finding (a small problem's bounds, a loss within noise).
#include <QtTest>

#include <nlohmann/json.hpp>

#include "accellab/insights.h"
#include "accellab/quality.h"
#include "recorded_findings.h"
#include "sample_session.h"
#include "this_vm.h"

using namespace accellab;
using namespace accellab::test;

namespace {

constexpr Shape3 kSmall{16, 16, 16};
constexpr Shape3 kLarge{256, 256, 256};
constexpr std::uint64_t kLargeElements = 256 * 256 * 256;
constexpr std::uint64_t kLargeBytes = kLargeElements * 16;  // two f64 arrays

// A point of `variant` whose median is `medianS`, moving `bytes` and computing `flops`.
PointResult point(const std::string& variant, Shape3 shape, int threads, double medianS,
                  std::uint64_t bytes, std::uint64_t flops = 0) {
  const std::uint64_t elements = shape.z * shape.y * shape.x;
  return measuredPoint({"add", variant, arrayParams(shape), threads},
                       {medianS * 0.999, medianS, medianS * 1.001}, {elements, bytes, flops});
}

// One case of each finding (the host's copy ceiling is 20 GB/s, the GPU's 4.3 TB/s).
Run insightRun() {
  Run run;
  run.id = 1;
  run.system = sampleSystem();
  run.system.computeCeilings = {{DType::f64, "scalar", 1, -1, 4e9},
                                {DType::f64, "AVX3", 1, -1, 32e9}};
  const auto at = [](double bytesPerS) { return static_cast<double>(kLargeBytes) / bytesPerS; };
  auto& points = run.points;
  // The small problem: two threads lose; its bandwidths bound nothing (it is not the largest).
  points.push_back(point("loop", kSmall, 1, 20e-6, 4096 * 16));
  points.push_back(point("parallel", kSmall, 1, 10e-6, 4096 * 16));
  points.push_back(point("parallel", kSmall, 2, 40e-6, 4096 * 16));
  // The large problem.
  points.push_back(point("loop", kLarge, 1, at(1e9), kLargeBytes));              // 5 %: below
  points.push_back(point("loop-strided", kLarge, 1, 8 * at(1e9), kLargeBytes));  // 8x loop
  const double vectorizedS = at(10e9);                                           // 50 %
  points.push_back(point("vectorized", kLarge, 1, vectorizedS, kLargeBytes,
                         static_cast<std::uint64_t>(28e9 * vectorizedS)));  // 87.5 % of AVX3
  points.back().isa = "AVX3";
  points.back().firstCallS = 50 * vectorizedS;
  points.back().flags.cold = true;
  points.push_back(point("parallel", kLarge, 1, at(9e9), kLargeBytes));   // 45 %
  points.push_back(point("parallel", kLarge, 2, at(16e9), kLargeBytes));  // 80 %: memory
  points.push_back(point("std-par", kLarge, 1, at(10e9), kLargeBytes));
  points.push_back(point("std-par", kLarge, 2, 1.2 * at(10e9), kLargeBytes));  // 1.2x slower
  points.back().flags.unstable = true;
  // On the GPU: the kernel at 79 % of its copy ceiling, the copies 40 ms of 40.08.
  PointResult& gpu = points.emplace_back(point("gpu", kLarge, 1, at(3.4e12), kLargeBytes));
  gpu.gpu = GpuTiming{.kernelS = at(3.4e12), .h2dS = 0.02, .d2hS = 0.02};
  return run;
}

}  // namespace

class TestInsights : public QObject {
  Q_OBJECT

 private slots:
  void eachCaseGivesItsFinding() {
    const std::vector<Insight> found = findInsights(insightRun());
    QStringList kinds;
    for (const Insight& insight : found)
      kinds << QStringLiteral("%1 %2 %3")
                   .arg(QString::fromStdString(std::string(toString(insight.kind))),
                        QString::fromStdString(insight.variant),
                        QString::fromStdString(insight.problem));
    QCOMPARE(kinds, (QStringList{
                        "threads-lose parallel 16x16x16 f64",
                        "below-both-roofs loop 256x256x256 f64",
                        "below-both-roofs loop-strided 256x256x256 f64",
                        "compute-bound vectorized 256x256x256 f64",
                        "memory-bound parallel 256x256x256 f64",
                        "memory-bound gpu 256x256x256 f64",
                        "threads-stop-paying std-par 256x256x256 f64",
                        "access-order loop-strided 256x256x256 f64",
                        "gpu-copies gpu 256x256x256 f64",
                        "first-call vectorized 256x256x256 f64",
                        "cache-drop loop 256x256x256 f64",
                    }));

    const Insight& lose = found[0];
    QCOMPARE(lose.rows, (std::vector<std::size_t>{1, 2}));
    QCOMPARE(lose.chart, std::string("scaling"));
    QCOMPARE(lose.numbers.at("threads"), 2.0);
    QCOMPARE(lose.numbers.at("slowdown"), 4.0);
    QCOMPARE(lose.numbers.at("overheadS"), 40e-6 - 10e-6 / 2);
    QVERIFY(!lose.restsOnFlagged);

    const Insight& compute = found[3];
    QCOMPARE(compute.numbers.at("peakFlopsPerS"), 32e9);
    QVERIFY(std::abs(compute.numbers.at("peakFraction") - 0.875) < 1e-6);
    const Insight& memory = found[4];
    QCOMPARE(memory.rows, std::vector<std::size_t>{7});
    QVERIFY(std::abs(memory.numbers.at("ceilingFraction") - 0.8) < 1e-9);
    QVERIFY(std::abs(found[5].numbers.at("ceilingBytesPerS") - 4.3e12) < 1);

    const Insight& stopPaying = found[6];
    QCOMPARE(stopPaying.numbers.at("threads"), 2.0);
    QVERIFY(std::abs(stopPaying.numbers.at("efficiency") - 1 / 2.4) < 1e-9);
    QVERIFY(stopPaying.restsOnFlagged);  // the 2-thread point is unstable

    const Insight& order = found[7];
    QVERIFY(std::abs(order.numbers.at("factor") - 8) < 1e-9);
    QCOMPARE(order.numbers.at("strideBytes"), 256.0 * 8);
    QCOMPARE(order.rows, (std::vector<std::size_t>{4, 3}));

    const Insight& first = found[9];
    const double loopS = static_cast<double>(kLargeBytes) / 1e9;
    const double vectorizedS = static_cast<double>(kLargeBytes) / 10e9;
    QCOMPARE(first.numbers.at("paybackCalls"),
             std::ceil((50 * vectorizedS - vectorizedS) / (loopS - vectorizedS)));

    QVERIFY(std::abs(found[8].numbers.at("copyShare") -
                     0.04 / (0.04 + found[8].numbers.at("kernelS"))) < 1e-12);

    // loop from 64 KiB a call (16x16x16, in L2) to 256 MiB (past the 2 MiB L2): 3.3x slower
    // per element; parallel gains from the same step, so it has none.
    const Insight& drop = found[10];
    QCOMPARE(drop.rows, (std::vector<std::size_t>{3, 0}));
    QCOMPARE(drop.chart, std::string("throughput"));
    QCOMPARE(drop.numbers.at("fromBytes"), 4096.0 * 16);
    QCOMPARE(drop.numbers.at("toBytes"), static_cast<double>(kLargeBytes));
    QVERIFY(std::abs(drop.numbers.at("drop") -
                     (4096 / 20e-6) / (kLargeElements * 1e9 / kLargeBytes)) < 1e-6);
    QCOMPARE(drop.numbers.at("cacheLevel"), 2.0);
    QCOMPARE(drop.numbers.at("cacheBytes"), 2.0 * (1 << 20));
  }

  // The GPU end to end against the fastest CPU variant, size by size: where it starts to win for
  // good, that it wins everywhere, or that it never does.
  void theGpuCrossover() {
    const auto gpuRun = [](std::vector<double> gpuS, std::vector<double> cpuS) {
      Run run;
      run.id = 1;
      run.system = sampleSystem();
      for (std::size_t k = 0; k < gpuS.size(); ++k) {
        const Shape3 shape{1, 1, std::uint64_t{1} << (10 + 4 * k)};
        const std::uint64_t bytes = 16 * shape.x;
        run.points.push_back(point("parallel", shape, 2, cpuS[k], bytes));
        run.points.push_back(point("loop", shape, 1, 4 * cpuS[k], bytes));
        PointResult& gpu = run.points.emplace_back(point("gpu", shape, 1, gpuS[k] / 3, bytes));
        gpu.gpu = GpuTiming{
            .kernelS = gpuS[k] / 3, .h2dS = gpuS[k] / 3, .d2hS = gpuS[k] / 3, .endToEndS = gpuS[k]};
      }
      return run;
    };
    const auto crossoverIn = [](const Run& run) {
      const std::vector<Insight> found = findInsights(run);
      const auto crossover = std::ranges::find(found, InsightKind::gpuCrossover, &Insight::kind);
      return crossover == found.end() ? std::optional<Insight>() : *crossover;
    };
    // Loses at 1 Ki and 16 Ki elements, wins from 256 Ki on (a loss between is not "for good").
    const Run mixed = gpuRun({1e-3, 2e-3, 1e-3, 2e-3}, {1e-4, 1e-3, 2e-3, 8e-3});
    auto crossover = crossoverIn(mixed);
    QVERIFY(crossover);
    QCOMPARE(crossover->problem, std::string("1x1x262144 f64"));
    QCOMPARE(crossover->numbers.at("crossoverSize"), 262144.0);
    QCOMPARE(crossover->numbers.at("speedup"), 4.0);
    QCOMPARE(crossover->other, std::string("parallel \u00d72"));
    QCOMPARE(crossover->rows, (std::vector<std::size_t>{8, 6}));
    // The file to share names the CPU variant it was held against.
    const auto json = nlohmann::json::parse(findingsToJson({mixed}));
    const auto& shared = json.at("runs")[0].at("findings");
    const auto inFile =
        std::ranges::find_if(shared, [](const auto& f) { return f.at("kind") == "gpu-crossover"; });
    QVERIFY(inFile != shared.end());
    QCOMPARE(inFile->at("other").template get<std::string>(), std::string("parallel \u00d72"));
    QVERIFY2(describe(*crossover)
                     .find("add gpu end to end (its copies included) beats the fastest "
                           "CPU variant from 1x1x262144 f64 on: 4.00x the speed of "
                           "parallel \u00d72 at the largest") != std::string::npos,
             describe(*crossover).c_str());
    crossover = crossoverIn(gpuRun({1e-3, 1e-3}, {2e-3, 4e-3}));
    QVERIFY(crossover && crossover->numbers.contains("everySize"));
    crossover = crossoverIn(gpuRun({1e-3, 1e-3}, {1e-4, 5e-4}));
    QVERIFY(crossover && !crossover->numbers.contains("crossoverSize"));
    QVERIFY(describe(*crossover).find("loses to the fastest CPU variant at every size") !=
            std::string::npos);
    QCOMPARE(crossover->numbers.at("speedup"), 0.5);
  }

  // At a largest problem that fits a cache, the bound is judged against that level's roof, and
  // the words name it.
  void aBoundInACacheNamesItsLevel() {
    Run run = insightRun();
    run.points.resize(3);  // the small problem alone: 64 KiB a call
    run.system.cacheRoofs = {{2, 2 << 20, 1, 1e11}, {2, 2 << 20, 2, 2e11}};
    run.points[1] = point("parallel", kSmall, 1, 4096 * 16 / 8e10, 4096 * 16);  // 80 % of L2's
    const std::vector<Insight> found = findInsights(run);
    const auto bound = std::ranges::find(found, InsightKind::memoryBound, &Insight::kind);
    QVERIFY(bound != found.end());
    QCOMPARE(bound->numbers.at("cacheLevel"), 2.0);
    QVERIFY(std::abs(bound->numbers.at("ceilingFraction") - 0.8) < 1e-9);
    QVERIFY2(describe(*bound).find("80.0 % of the L2 cache's roof (100 GB/s): it is bound by "
                                   "that cache's bandwidth") != std::string::npos,
             describe(*bound).c_str());
  }

  // Python beside C++ on one problem, a gpu point's pageable copies, and a run begun on a
  // busy machine: each its finding, with its numbers and evidence.
  void pythonPageableCopiesAndABusyMachine() {
    Run run = insightRun();
    run.conditions = {{"load", "load average 3.1 on 2 CPUs"}};
    const auto at = [](double bytesPerS) { return static_cast<double>(kLargeBytes) / bytesPerS; };
    const double vectorizedS = at(10e9);
    run.points.push_back(point("numpy", kLarge, 1, 1.5 * vectorizedS, kLargeBytes));
    run.points.push_back(point("python-loop", kLarge, 1, 900 * vectorizedS, kLargeBytes));
    GpuTiming& gpu = *run.points[10].gpu;
    gpu.h2dPageableS = 0.05;
    gpu.d2hPageableS = 0.05;
    const std::vector<Insight> found = findInsights(run);

    const Insight& busy = found.front();
    QVERIFY(busy.kind == InsightKind::busyMachine);
    QCOMPARE(busy.numbers.at("load"), 1.0);
    QVERIFY(!busy.numbers.contains("busyProcess"));
    QCOMPARE(busy.numbers.at("measuredPoints"), 13.0);
    // vectorized is cold, std-par x2 unstable: the Runs panel's count (flaggedPoint), one count.
    QCOMPARE(busy.numbers.at("flaggedPoints"), 2.0);
    QCOMPARE(busy.numbers.at("flaggedPoints"),
             static_cast<double>(std::ranges::count_if(run.points, flaggedPoint)));
    QCOMPARE(busy.rows, (std::vector<std::size_t>{5, 9}));
    QVERIFY(describe(busy).find("2 of its 13 measured points are flagged") != std::string::npos);

    const auto find = [&](InsightKind kind) {
      return std::ranges::find(found, kind, &Insight::kind);
    };
    const auto python = find(InsightKind::pythonAgainstCpp);
    QVERIFY(python != found.end());
    QCOMPARE(python->variant, std::string("vectorized"));
    QCOMPARE(python->rows, (std::vector<std::size_t>{5, 12, 11}));
    QVERIFY(std::abs(python->numbers.at("python-loop") - 900) < 1e-9);
    QVERIFY(std::abs(python->numbers.at("numpy") - 1.5) < 1e-9);
    QVERIFY2(describe(*python).find("python-loop takes 900x, numpy takes 1.50x the time of "
                                    "AccelLab's vectorized") != std::string::npos,
             describe(*python).c_str());
    QVERIFY(describe(*python).find("the C++ variant is the floor") != std::string::npos);

    // NumPy faster than the C++ variant: the C++ one is no floor (it was said, of a NumPy 1.3x
    // faster); a user's function that joined the kernel is Python against C++ too.
    Run faster = insightRun();
    faster.points.push_back(point("numpy", kLarge, 1, 0.75 * vectorizedS, kLargeBytes));
    faster.points.push_back(point("my_numpy", kLarge, 1, 2 * vectorizedS, kLargeBytes));
    PluginIdentity file;
    file.kind = "python";
    file.file = "/home/user/my_add.py";
    faster.variantSources["my_numpy"] = file;
    const std::vector<Insight> againstFaster = findInsights(faster);
    const auto mixed =
        std::ranges::find(againstFaster, InsightKind::pythonAgainstCpp, &Insight::kind);
    QVERIFY(mixed != againstFaster.end());
    QVERIFY(std::abs(mixed->numbers.at("my_numpy") - 2) < 1e-9);
    const std::string said = describe(*mixed);
    QVERIFY2(said.find("my_numpy takes 2.00x, numpy takes 0.75") != std::string::npos &&
                 said.find("Where Python is faster, it calls compiled code") != std::string::npos &&
                 said.find("floor") == std::string::npos,
             said.c_str());

    const auto pageable = find(InsightKind::pageableCopies);
    QVERIFY(pageable != found.end());
    QCOMPARE(pageable->rows, std::vector<std::size_t>{10});
    QVERIFY(std::abs(pageable->numbers.at("factor") - 2.5) < 1e-9);
    // Pageable copies as fast as pinned ones are no finding.
    gpu.h2dPageableS = gpu.h2dS;
    gpu.d2hPageableS = gpu.d2hS;
    QVERIFY(std::ranges::none_of(
        findInsights(run), [](const Insight& i) { return i.kind == InsightKind::pageableCopies; }));
  }

  // Threads that lose are given a cause only where this run measured one: the machine's split
  // crossover above the point's bytes, a busy machine, or threads that kept few cores busy. A
  // 64 MiB add on a loaded machine whose threads pay from 512 KiB was told "the work is smaller
  // than starting and joining the threads".
  void threadsLoseNamesOnlyACauseItHasEvidenceFor() {
    const auto loseText = [](const Run& run) {
      const std::vector<Insight> found = findInsights(run);
      const auto lose = std::ranges::find(found, InsightKind::threadsLose, &Insight::kind);
      return lose == found.end() ? std::string("none") : describe(*lose);
    };
    const auto says = [](const std::string& text, const std::string& words) {
      return text.find(words) != std::string::npos;
    };
    Run below = insightRun();
    below.system.splitFromBytes = 512 << 10;  // the 64 KiB point is below it
    QVERIFY2(says(loseText(below),
                  "it moves 64.0 KiB a call, below the 512 KiB from which this "
                  "machine's threads pay (its split crossover), so starting and "
                  "joining them, about 35.0 µs here, costs more than the work"),
             loseText(below).c_str());

    Run busy = insightRun();
    busy.system.splitFromBytes = 32 << 10;  // the point is above it: that is not why
    busy.conditions = {{"load", "load 3.1 on 2 CPUs"}};
    QVERIFY2(says(loseText(busy), "the machine was busy when the run began (its load warning)"),
             loseText(busy).c_str());
    QVERIFY(!says(loseText(busy), "starting and joining"));

    Run idle = insightRun();
    CpuUse cpu;
    cpu.samplesS = {40e-6, 40e-6, 40e-6};
    cpu.medianS = 40e-6;
    cpu.cores = 0.7;
    idle.points[2].cpu = cpu;  // 2 threads, 0.7 cores busy
    QVERIFY2(says(loseText(idle),
                  "its threads kept only 0.7 cores busy, so they waited more "
                  "than they worked"),
             loseText(idle).c_str());

    Run above = insightRun();
    above.system.splitFromBytes = 32 << 10;
    QVERIFY2(says(loseText(above),
                  "It moves 64.0 KiB a call, above the 32.0 KiB from which this "
                  "machine's threads pay, so starting them does not explain it. "
                  "Nothing else this run measured says why"),
             loseText(above).c_str());
  }

  // The words carry the numbers and the next step; a finding on flagged points says so.
  void describedWithItsNumbers() {
    const std::vector<Insight> found = findInsights(insightRun());
    // No split crossover, no load warning, no CPU time in this run: no cause is named.
    QCOMPARE(describe(found[0]),
             std::string("add parallel at 16x16x16 f64 on 2 threads is 4.00x slower than on one "
                         "(10.0 µs). Nothing else this run measured says why: measure again on a "
                         "quiet machine, or more sizes."));
    QVERIFY(describe(found[4]).find("80.0 % of the memory ceiling (20.0 GB/s)") !=
            std::string::npos);
    QVERIFY(describe(found[7]).find("8.00x slower than loop") != std::string::npos);
    Insight once = found[9];
    once.numbers["paybackCalls"] = 1;
    QVERIFY(describe(once).find("It takes one call to win") != std::string::npos);
    QVERIFY(describe(found[7]).find("jump 2.00 KiB") != std::string::npos);
    QVERIFY(describe(found[6]).find("Rests on unstable") != std::string::npos);
    QVERIFY(describe(found[5]).find("Rests on") == std::string::npos);

    // Far below the GPU's roofs, the advice is the GPU's: a larger problem, not another variant.
    Run slowGpu = insightRun();
    PointResult& gpu = slowGpu.points.back();
    gpu.bytesPerS = 4.3e12 * 0.01;
    gpu.stats.medianS = static_cast<double>(kLargeBytes) / gpu.bytesPerS;
    gpu.gpu->kernelS = gpu.stats.medianS;
    const std::vector<Insight> slow = findInsights(slowGpu);
    const auto gpuBelow = std::ranges::find_if(slow, [](const Insight& insight) {
      return insight.kind == InsightKind::belowBothRoofs && insight.variant == "gpu";
    });
    QVERIFY(gpuBelow != slow.end() && gpuBelow->onDevice);
    QVERIFY(describe(*gpuBelow).find("give the GPU a larger problem") != std::string::npos);
    QVERIFY(describe(found[1]).find("try the vectorized or parallel variant") != std::string::npos);
  }

  // The files for sharing hold every finding of every run: kind, numbers, evidence and the
  // words the command line prints; Markdown escapes what would break its table.
  void exportedForSharing() {
    Run run = insightRun();
    run.name = "add | sizes";
    Run quiet;
    quiet.id = 2;
    quiet.name = "nothing to say";
    const std::vector<Insight> found = findInsights(run);
    const auto json = nlohmann::json::parse(findingsToJson({run, quiet}));
    QCOMPARE(json.at("format").get<std::string>(), std::string("accellab-findings"));
    QCOMPARE(json.at("runs").size(), std::size_t{2});
    const auto& findings = json.at("runs")[0].at("findings");
    QCOMPARE(findings.size(), found.size());
    for (std::size_t i = 0; i < found.size(); ++i) {
      QCOMPARE(findings[i].at("kind").get<std::string>(), std::string(toString(found[i].kind)));
      QCOMPARE(findings[i].at("text").get<std::string>(), describe(found[i]));
      QCOMPARE(findings[i].at("chart").get<std::string>(), found[i].chart);
      QCOMPARE(findings[i].at("evidence").size(), found[i].rows.size());
      for (const auto& [name, value] : found[i].numbers)
        QCOMPARE(findings[i].at("numbers").at(name).get<double>(), value);
    }
    QVERIFY(!findings[0].contains("other"));
    // threads-lose rests on the small problem's two parallel rows.
    QCOMPARE(findings[0].at("evidence")[1].at("threads").get<int>(), 2);
    QCOMPARE(findings[0].at("evidence")[1].at("problem").get<std::string>(),
             std::string("16x16x16 f64"));
    QVERIFY(json.at("runs")[1].at("findings").empty());

    const std::string markdown = findingsToMarkdown({run, quiet});
    QVERIFY2(markdown.find("## Run 1: add \\| sizes\n") != std::string::npos, markdown.c_str());
    QVERIFY(markdown.find("| threads-lose | " + describe(found[0]) + " | scaling |\n") !=
            std::string::npos);
    QVERIFY(markdown.find("## Run 2: nothing to say\n\nNo findings") != std::string::npos);
  }

  // Across runs: each later run against the first, as compare judges their common points; the
  // largest significant change named, with its row in the later run; agreement within noise
  // said as such; nothing for one run or for runs that share no measured point.
  void changesAcrossRuns() {
    const auto runOf = [](int id, double parallelS) {
      Run run;
      run.id = id;
      run.system = sampleSystem();
      const auto samples = [](double medianS) {
        std::vector<double> s;
        for (int i = 0; i < 8; ++i) s.push_back(medianS * (1 + 0.001 * i));
        return s;
      };
      for (const auto& [variant, threads, medianS] :
           {std::tuple{"loop", 1, 1e-3}, std::tuple{"vectorized", 1, 5e-4},
            std::tuple{"parallel", 2, parallelS}})
        run.points.push_back(measuredPoint({"add", variant, arrayParams(kSmall), threads},
                                           samples(medianS), {4096, 4096 * 16, 0}));
      return run;
    };
    const Run base = runOf(1, 3e-4);
    const Run faster = runOf(3, 1.5e-4);
    const Run same = runOf(4, 3e-4);
    const std::vector<Insight> found = findInsightsAcross({&base, &faster, &same});
    QCOMPARE(found.size(), std::size_t{2});
    const Insight& changed = found[0];
    QVERIFY(changed.kind == InsightKind::runChange);
    QCOMPARE(changed.kernel, std::string("add"));
    QCOMPARE(changed.variant, std::string("parallel"));
    QCOMPARE(changed.threads, 2);
    QCOMPARE(changed.rows, std::vector<std::size_t>{2});
    QCOMPARE(changed.numbers.at("newRun"), 3.0);
    QCOMPARE(changed.numbers.at("faster"), 1.0);
    QCOMPARE(changed.numbers.at("unchanged"), 2.0);
    QCOMPARE(changed.numbers.at("ratio"), 0.5);
    QVERIFY(changed.numbers.at("pValue") < 0.05);
    QVERIFY2(describe(changed).starts_with(
                 "run 3 against run 1 of add: of their 3 common points, 1 faster, 0 slower, 2 "
                 "without a significant change (U test at 0.05, a change of 5.0 % or more); the "
                 "largest change is add parallel \u00d72 at 16x16x16 f64: 0.50x the time (p = "),
             describe(changed).c_str());
    QVERIFY(describe(changed).find("regression") == std::string::npos);
    QVERIFY(!found[1].numbers.contains("ratio"));
    QCOMPARE(describe(found[1]),
             std::string("run 4 against run 1 of add: none of their 3 common points changed "
                         "significantly (U test at 0.05, a change of 5.0 % or more): the runs "
                         "agree within their noise."));
    QVERIFY(findInsightsAcross({&base}).empty());
    Run other = runOf(5, 1e-4);
    for (PointResult& p : other.points) p.point.kernel = "triad";
    QVERIFY(findInsightsAcross({&base, &other}).empty());

    const auto json = nlohmann::json::parse(findingsToJson({base, faster}));
    QCOMPARE(json.at("across").size(), std::size_t{1});
    QCOMPARE(json.at("across")[0].at("text").get<std::string>(), describe(changed));
    QCOMPARE(json.at("across")[0].at("evidence")[0].at("variant").get<std::string>(),
             std::string("parallel"));
    QVERIFY(nlohmann::json::parse(findingsToJson({base})).at("across").empty());
    const std::string markdown = findingsToMarkdown({base, faster});
    QVERIFY2(markdown.find("## Across runs\n\n") != std::string::npos, markdown.c_str());
    QVERIFY(markdown.find("| run-change | " + describe(changed) + " | time |") !=
            std::string::npos);
  }

  // Sessions recorded on a real machine (recorded_findings.h) give exactly the findings and
  // words of their golden files.
  void recordedRunsGiveTheirFindings_data() { addRecordedSessionRows(); }
  void recordedRunsGiveTheirFindings() {
    QFETCH(QString, name);
    std::string text;
    for (const Insight& insight : recordedFindings(name))
      text += std::string(toString(insight.kind)) + ": " + describe(insight) + "\n";
    QVERIFY(!text.empty());
    QVERIFY(matchesGolden("insights/" + name.toStdString() + ".findings.txt", text));
  }

  // Threads that pay, nothing near a roof, unmeasured points and an empty run give nothing.
  // Points whose process kept more cores busy than they declared threads: a user's asv file
  // (Dask, OpenBLAS-backed NumPy) and a plugin's kernel, on a VM like the 2-core Xeon the issue
  // saw (its CPUID's 480 MiB L3). One finding, the most cores first, the others counted; a
  // point within the margin, one not measured, a failed one give none.
  void undeclaredThreadsOfUsersCode() {
    Run run;
    run.system = sampleSystem();
    run.system.cpuModel = "Intel(R) Xeon(R) CPU @ 2.20GHz";
    run.system.caches = {{1, "Data", 48 << 10}, {2, "Unified", 2 << 20}, {3, "Unified", 480 << 20}};
    run.plugin = PluginIdentity{};
    run.plugin->file = "/home/user/dot/libdot.so";
    const auto used = [](PointResult p, double cores) {
      CpuUse cpu;
      for (const double s : p.samplesS) cpu.samplesS.push_back(s * cores);
      cpu.medianS = p.stats.medianS * cores;
      cpu.cores = cores;
      p.cpu = cpu;
      return p;
    };
    Params none;
    none.typed = false;
    const auto asv = [&](const std::string& variant, double s) {
      return measuredPoint({"bench.py-func", variant, none, 1}, {s, s, s}, {0, 0, 0});
    };
    run.points.push_back(used(asv("time_numpy_dot", 2e-3), 1.93));
    run.points.push_back(used(asv("time_dask_sum", 4e-3), 1.97));
    run.points.push_back(used(asv("time_loop", 9e-3), 1.2));  // within the margin: 1.25
    run.points.push_back(asv("time_plain", 1e-3));            // not measured
    PointResult failed = used(asv("time_broken", 1e-3), 1.9);
    failed.status = PointStatus::failed;
    run.points.push_back(failed);
    run.points.push_back(used(point("simd", kSmall, 2, 1e-5, 4096 * 16), 2.1));  // 2 declared
    const std::vector<Insight> found = findInsights(run);
    const auto undeclared =
        std::ranges::find(found, InsightKind::undeclaredThreads, &Insight::kind);
    QVERIFY(undeclared != found.end());
    QCOMPARE(std::ranges::count(found, InsightKind::undeclaredThreads, &Insight::kind), 1);
    QCOMPARE(undeclared->rows, (std::vector<std::size_t>{1, 0}));
    QCOMPARE(undeclared->variant, std::string("time_dask_sum"));
    QCOMPARE(undeclared->numbers.at("cores"), 1.97);
    QCOMPARE(undeclared->numbers.at("threads"), 1.0);
    QCOMPARE(undeclared->numbers.at("points"), 2.0);
    QCOMPARE(QString::fromStdString(describe(*undeclared)),
             QStringLiteral(
                 "bench.py-func time_dask_sum at no size declared 1 thread and kept 1.97 cores "
                 "busy (its CPU time over its wall time); 1 more point does likewise: threads it "
                 "did not declare ran too, a library's own (Dask's scheduler, OpenBLAS, Numba's "
                 "or PyTorch's pool). Its time is not a time on that many threads: compare it "
                 "with variants on as many threads, or limit the library's threads (threads= in "
                 "the accellab module, OMP_NUM_THREADS)."));
  }

  // A cold first call names the first touch only where its page faults say so: a plugin's
  // dot product touching 1 GiB for the first time (262,144 faults, one per 4 KiB page), and an
  // asv function whose first call compiles, with as few faults as a later call. Where nothing
  // was counted, the possible causes, none named as the one.
  void firstCallCausesFromPageFaults() {
    Run run;
    run.system = test::thisVm();
    run.plugin = PluginIdentity{};
    run.plugin->file = "/home/user/dot/libdot.so";
    PointResult touch = measuredPoint({"user.dot", "loop", arrayParams({1, 1, 1 << 27}), 1},
                                      {0.05, 0.05, 0.05}, {1 << 27, 1 << 30, 1 << 28});
    touch.firstCallS = 2.05;
    touch.flags.cold = true;
    touch.counts = EventCounts{{{"page-faults", 0.5}}, {{"page-faults", 262144}}};
    Params none;
    none.typed = false;
    PointResult jit = measuredPoint({"bench.py-func", "time_numba", none, 1},
                                    {1.39e-4, 1.39e-4, 1.39e-4}, {0, 0, 0});
    jit.firstCallS = 0.47;
    jit.flags.cold = true;
    jit.counts = EventCounts{{{"page-faults", 3}}, {{"page-faults", 10}}};
    PointResult uncounted = jit;
    uncounted.point.kernel = "bench.py-other";
    uncounted.counts.reset();
    run.points = {touch, jit, uncounted};
    const std::vector<Insight> found = findInsights(run);
    std::vector<std::string> texts;
    for (const Insight& insight : found)
      if (insight.kind == InsightKind::firstCall) texts.push_back(describe(insight));
    QCOMPARE(texts.size(), std::size_t{3});
    QVERIFY2(texts[0].find(": 262144 page faults in it against 0.5") != std::string::npos &&
                 texts[0].find("one per 4.00 KiB of the 1.00 GiB a call moves: the first touch "
                               "of its memory.") != std::string::npos,
             texts[0].c_str());
    QVERIFY2(texts[1].find(": 10 page faults in it against 3 per later call, so not the first "
                           "touch of memory (compilation, module loading or caches warming).") !=
                 std::string::npos,
             texts[1].c_str());
    QVERIFY2(texts[2].find("(compilation, page faults or module loading).") != std::string::npos,
             texts[2].c_str());
  }

  // On this VM a plugin's 64 MiB on 2 threads at 30 GB/s is 85 % of memory's ceiling
  // (memory-bound), not 106 % of the false L3 roof that bound nothing.
  void boundsHoldOnAMachineWhoseCacheLevelIsNotOne() {
    Run run;
    run.system = test::thisVm();
    run.plugin = PluginIdentity{};
    run.plugin->file = "/home/user/dot/libdot.so";
    const double seconds = static_cast<double>(64 << 20) / 30e9;
    run.points = {measuredPoint({"user.dot", "loop", arrayParams({1, 1, 1 << 23}), 1},
                                {4 * seconds, 4 * seconds, 4 * seconds}, {1 << 23, 64 << 20, 0}),
                  measuredPoint({"user.dot", "parallel", arrayParams({1, 1, 1 << 23}), 2},
                                {seconds, seconds, seconds}, {1 << 23, 64 << 20, 0})};
    const std::vector<Insight> found = findInsights(run);
    const auto bound = std::ranges::find(found, InsightKind::memoryBound, &Insight::kind);
    QVERIFY(bound != found.end());
    QCOMPARE(bound->variant, std::string("parallel"));
    QVERIFY(!bound->numbers.contains("cacheLevel"));
    QVERIFY(std::abs(bound->numbers.at("ceilingFraction") - 30e9 / 35.2e9) < 1e-6);
    // Software events only, as this VM counts: no hardware evidence, and none said.
    QVERIFY(!countedOf(*bound).any());
    QVERIFY2(describe(*bound).find("Counted") == std::string::npos, describe(*bound).c_str());
  }

  // Where a PMU counted, a bound finding gives its evidence per element of the plugin's call:
  // 2^23 elements, 2^22 cache misses, 2^21 L1D load misses, 4e6 instructions in 8e6 cycles.
  void boundsGiveTheHardwareCountersEvidence() {
    Run run;
    run.system = test::thisVm();
    run.plugin = PluginIdentity{};
    run.plugin->file = "/home/user/dot/libdot.so";
    const double seconds = static_cast<double>(64 << 20) / 30e9;
    PointResult parallel = measuredPoint({"user.dot", "parallel", arrayParams({1, 1, 1 << 23}), 2},
                                         {seconds, seconds, seconds}, {1 << 23, 64 << 20, 0});
    parallel.counts = EventCounts{{{"page-faults", 0},
                                   {"cycles", 8e6},
                                   {"instructions", 4e6},
                                   {"cache-misses", 1 << 22},
                                   {"L1-dcache-load-misses", 1 << 21}},
                                  {}};
    run.points = {parallel};
    const std::vector<Insight> found = findInsights(run);
    const auto bound = std::ranges::find(found, InsightKind::memoryBound, &Insight::kind);
    QVERIFY(bound != found.end());
    const CountedRates rates = countedOf(*bound);
    QCOMPARE(*rates.instructionsPerCycle, 0.5);
    QCOMPARE(*rates.cacheMissesPerElement, 0.5);
    QCOMPARE(*rates.l1dMissesPerElement, 0.25);
    QVERIFY(!rates.branchMissesPerElement);  // not counted: not said
    const std::string text = describe(*bound);
    QVERIFY2(text.find(" Counted: 0.5 instructions per cycle; per element: 0.5 cache misses, "
                       "0.25 L1D load misses.") != std::string::npos,
             text.c_str());
    // The point's note in the table and files says the same.
    const std::vector<ReportRow> rows = buildRunRows(run);
    QVERIFY2(rows[0].note.find("counted 0.5 instructions per cycle; per element: 0.5 cache "
                               "misses, 0.25 L1D load misses") != std::string::npos,
             rows[0].note.c_str());
  }

  // The rules of threads and sizes hold for a plugin's kernel on this VM as for the built-in
  // ones: its parallel variant stops paying at the large size and loses at the small one, and
  // its loop's rate falls where the 2 MiB L2 no longer holds a call (not at the false 480 MiB
  // L3, which is not a level here).
  void threadAndSizeRulesHoldForAPluginOnThisVm() {
    Run run;
    run.system = test::thisVm();
    run.plugin = PluginIdentity{};
    run.plugin->file = "/home/user/dot/libdot.so";
    const auto dot = [](const std::string& variant, std::uint64_t n, int threads, double s) {
      return measuredPoint({"user.dot", variant, arrayParams({1, 1, n}), threads}, {s, s, s},
                           {n, 16 * n, 2 * n});
    };
    constexpr std::uint64_t kSmallN = 8192;      // 128 KiB a call
    constexpr std::uint64_t kLargeN = 1u << 23;  // 128 MiB a call
    run.points = {dot("loop", kSmallN, 1, 5e-6),
                  dot("parallel", kSmallN, 1, 5e-6),
                  dot("parallel", kSmallN, 2, 20e-6),  // 4x slower on 2 threads
                  dot("loop", kLargeN, 1, 40e-3),      // 0.21 G/s against 1.6 G/s
                  dot("parallel", kLargeN, 1, 40e-3),
                  dot("parallel", kLargeN, 2, 44e-3)};  // 0.91x: an efficiency of 45 %
    const std::vector<Insight> found = findInsights(run);
    const auto of = [&](InsightKind kind) {
      std::vector<Insight> all;
      for (const Insight& insight : found)
        if (insight.kind == kind) all.push_back(insight);
      return all;
    };
    const auto lose = of(InsightKind::threadsLose);
    QCOMPARE(lose.size(), std::size_t{1});
    QCOMPARE(lose[0].kernel, std::string("user.dot"));
    QCOMPARE(lose[0].problem, describe(run.points[2].point.params));
    QCOMPARE(lose[0].numbers.at("slowdown"), 4.0);
    const auto stop = of(InsightKind::threadsStopPay);
    QVERIFY(std::ranges::any_of(stop, [&](const Insight& insight) {
      return insight.problem == describe(run.points[5].point.params) &&
             std::abs(insight.numbers.at("efficiency") - 40.0 / 44.0 / 2) < 1e-9;
    }));
    const auto drops = of(InsightKind::cacheDrop);
    const auto loopDrop = std::ranges::find(drops, std::string("loop"), &Insight::variant);
    QVERIFY(loopDrop != drops.end());
    QCOMPARE(loopDrop->numbers.at("cacheLevel"), 2.0);
    QCOMPARE(loopDrop->numbers.at("cacheBytes"), double(2 << 20));
    QVERIFY(std::abs(loopDrop->numbers.at("drop") - (40e-3 / 5e-6) / 1024) < 1e-9);
  }

  // The tutorial's Dask row on one thread is Python beside C++ too.
  void daskIsPythonBesideCpp() {
    Run run;
    run.system = sampleSystem();
    run.points = {point("vectorized", kLarge, 1, 0.01, kLargeBytes),
                  point("dask", kLarge, 1, 0.07, kLargeBytes),
                  point("dask", kLarge, 2, 0.04, kLargeBytes)};
    const std::vector<Insight> found = findInsights(run);
    const auto python = std::ranges::find(found, InsightKind::pythonAgainstCpp, &Insight::kind);
    QVERIFY(python != found.end());
    QVERIFY(std::abs(python->numbers.at("dask") - 7) < 1e-9);
    QCOMPARE(python->rows, (std::vector<std::size_t>{0, 1}));
  }

  void noEvidenceNoFinding() {
    Run run = insightRun();
    run.points.resize(3);
    // 1.11x on 2 threads: 56 % efficient; the problem, now the largest, at 36 % of the ceiling.
    run.points[2] = point("parallel", kSmall, 2, 9e-6, 4096 * 16);
    // 127 % of the ceiling: it ran from a cache, and memory did not bound it.
    run.points[1] = point("parallel", kSmall, 1, 10e-6, 254'000);
    QVERIFY(findInsights(run).empty());
    run.points[1] = refusedPoint(run.points[1].point, PointStatus::failed, "crashed");
    QVERIFY(findInsights(run).empty());
    QVERIFY(findInsights(Run{}).empty());
  }
};

QTEST_APPLESS_MAIN(TestInsights)
#include "tst_insights.moc"
