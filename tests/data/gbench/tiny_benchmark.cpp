// A tiny Google Benchmark whose real JSON output tst_gbench imports: arguments, threads, rates,
// user counters, a label and an error, as users' own benchmarks have them. Built against
// Debian's libbenchmark-dev when it is installed (tests/core/CMakeLists.txt).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <numeric>
#include <vector>

namespace {

void BM_Sum(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  const std::vector<double> values(n, 1.0);
  for (auto _ : state) benchmark::DoNotOptimize(std::accumulate(values.begin(), values.end(), 0.0));
  const auto items = static_cast<std::int64_t>(state.iterations()) * state.range(0);
  state.SetItemsProcessed(items);
  state.SetBytesProcessed(items * static_cast<std::int64_t>(sizeof(double)));
  state.counters["elements"] = static_cast<double>(n);
  state.SetLabel("doubles");
}
BENCHMARK(BM_Sum)->Arg(1024)->Arg(4096);
BENCHMARK(BM_Sum)->Arg(256)->Threads(2);

void BM_NoDevice(benchmark::State& state) {
  state.SkipWithError("no device here");
  for (auto _ : state) {
  }
}
BENCHMARK(BM_NoDevice);

}  // namespace

BENCHMARK_MAIN();
