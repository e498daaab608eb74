// What measuring in a worker process costs (docs/worker-protocol.md): the worker's start to
// its hello, the time a point takes in it beyond the same point in process, and whether the
// medians of the two agree. Not a test (timings depend on the machine); run it by hand:
// accellab-bench-isolation [ROUNDS] (scripts/bench does).
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "accellab/kernels/builtin.h"
#include "accellab/session.h"
#include "accellab/stats.h"
#include "accellab/worker.h"

namespace {

using namespace accellab;
namespace fs = std::filesystem;

double now() { return steadySeconds(); }

WorkerOptions workerOptions() {
  WorkerOptions options;
  options.command = {ACCELLAB_CLI_PATH, "worker", "--replies-fd", "3"};
  return options;
}

Point addPoint(std::uint64_t z, std::uint64_t y, std::uint64_t x, const char* variant) {
  Point point;
  point.kernel = "add";
  point.variant = variant;
  point.params.shape = Shape3{z, y, x};
  point.params.dtype = DType::f64;
  return point;
}

// One point of add measured by the CLI, in process or isolated: its statistics.
Statistics cliRun(const fs::path& scratch, const char* shape, const char* variant, bool isolate) {
  const fs::path out = scratch / "run.json";
  const std::string command = std::string(ACCELLAB_CLI_PATH) + " run --kernel add --shape " +
                              shape + " --variants " + variant + (isolate ? "" : " --in-process") +
                              " --out " + out.string() + " >/dev/null 2>&1";
  if (std::system(command.c_str()) != 0) {
    std::fprintf(stderr, "failed: %s\n", command.c_str());
    std::exit(1);
  }
  return readSessionFile(out).runs.front().points.front().stats;
}

double ms(double s) { return s * 1e3; }
double us(double s) { return s * 1e6; }

}  // namespace

int main(int argc, char** argv) {
  const int rounds = argc > 1 ? std::max(1, std::atoi(argv[1])) : 20;
  const Engine engine = kernels::makeBuiltinEngine();
  Runner here = engine.runner();

  // The worker's start: spawn, its engine, hello.
  std::vector<double> startS;
  for (int i = 0; i < rounds; ++i) startS.push_back(WorkerMeasurer(workerOptions()).start());
  std::printf("worker start to hello    median %7.1f ms   min %7.1f ms   (%d starts; goal < 300)\n",
              ms(median(startS)), ms(*std::min_element(startS.begin(), startS.end())), rounds);

  // One point's round trip: a point of one repetition, in process and in a started worker,
  // interleaved.
  auto worker = std::make_shared<WorkerMeasurer>(workerOptions());
  worker->start();
  MeasureConfig once;
  once.minReps = 1;
  once.minTimeS = 0;
  once.maxReps = 1;
  const Point tiny = addPoint(1, 1, 8, "loop");
  std::vector<double> hereS, isolatedS;
  for (int i = 0; i < 10 * rounds; ++i) {
    double t = now();
    here.measureHere(tiny, once, {}, {});
    hereS.push_back(now() - t);
    t = now();
    worker->measure(tiny, once, {}, {}, 0);
    isolatedS.push_back(now() - t);
  }
  std::printf(
      "a 1-repetition point     in process %6.3f ms   isolated %6.3f ms   added %6.3f ms"
      "   (%d each; goal < 5)\n",
      ms(median(hereS)), ms(median(isolatedS)), ms(median(isolatedS) - median(hereS)), 10 * rounds);

  // What is measured: `accellab-cli run --in-process` and `run` (a worker), each a fresh process,
  // side by side. (A long-lived process measures large arrays differently: its allocator hands back
  // memory an earlier point faulted in, where a fresh process maps new pages.)
  const fs::path scratch =
      fs::temp_directory_path() / ("accellab-bench-isolation-" + std::to_string(::getpid()));
  fs::create_directories(scratch);
  std::printf("\n%-30s %14s %14s %9s %7s\n", "accellab-cli run (5 pairs)", "in process", "worker",
              "iso/in", "agree");
  for (const auto& [shape, variant] :
       {std::pair{"16x64x64", "vectorized"}, std::pair{"64x256x256", "loop"},
        std::pair{"64x256x256", "vectorized"}}) {
    for (int i = 0; i < 5; ++i) {
      const Statistics x = cliRun(scratch, shape, variant, false);
      const Statistics y = cliRun(scratch, shape, variant, true);
      // Agreeing: the medians differ by no more than their spreads together (or 2 %).
      const double slack = std::max(x.madS + y.madS, 0.02 * x.medianS);
      std::printf("%-30s %8.1f \u00b1%4.0f %8.1f \u00b1%4.0f %8.2fx %7s\n",
                  (std::string("add ") + variant + " " + shape + " f64").c_str(), us(x.medianS),
                  us(x.madS), us(y.medianS), us(y.madS), y.medianS / x.medianS,
                  std::abs(x.medianS - y.medianS) <= slack ? "yes" : "no");
    }
  }
  fs::remove_all(scratch);
  std::printf("(times in \u00b5s, median \u00b1 MAD)\n");
  return 0;
}
