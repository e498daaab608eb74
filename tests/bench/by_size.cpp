// AccelLab's CPU variants against plain C at every size, from L1 to DRAM (scripts/bench, "by
// size"): add, triad and reduce, f64 and f32, 16 KiB, 512 KiB, 16 MiB and 512 MiB per array,
// on 1 thread (AccelLab's vectorized) and on all (its parallel). The C reference is what a
// performance-minded C programmer writes: one thread, a `#pragma omp simd` loop; several, one
// `#pragma omp parallel` region around all repetitions with `omp for simd schedule(static)`
// inside; regular stores; the output half a page off, as AccelLab's may be. Both are timed in
// interleaved rounds, best batch of each kept, and printed with their ratio.
// Not a test (timings depend on the machine): accellab-bench-by-size [ROUNDS] [THREADS]
// [KERNEL...] [SIZE...] (default: 15 rounds, every CPU, add triad reduce, the four sizes; a
// SIZE is bytes per array, "64K", "2M").
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "accellab/kernels/builtin.h"
#include "accellab/machine_cache.h"

namespace {

using Clock = std::chrono::steady_clock;
constexpr std::align_val_t kAlignment{4096};
constexpr std::size_t kHalfPage = 2048;
constexpr double kBatchS = 0.004;  // each batch at least this long

// The C reference's arrays: 64-byte aligned inputs, outputs half a page off.
struct Arrays {
  std::size_t bytes;
  char* raw[3];
  explicit Arrays(std::size_t bytesEach) : bytes(bytesEach + kHalfPage) {
    for (char*& r : raw) {
      r = static_cast<char*>(::operator new(bytes, kAlignment));
      std::memset(r, 0, bytes);
    }
  }
  ~Arrays() {
    for (char* r : raw) ::operator delete(r, kAlignment);
  }
  Arrays(const Arrays&) = delete;
  Arrays& operator=(const Arrays&) = delete;
  template <class T>
  T* in(int i) const {
    return reinterpret_cast<T*>(raw[i]);
  }
  template <class T>
  T* out() const {
    return reinterpret_cast<T*>(raw[2] + kHalfPage);
  }
};

// Memory may have changed: each repetition reads the arrays again, none is folded into
// another.
inline void opaque(const void* p) { asm volatile("" : : "r"(p) : "memory"); }

// `reps` runs of the reference on `threads` threads; returns a value that depends on them.
template <class T>
double reference(const std::string& kernel, const Arrays& a, std::int64_t n, int threads,
                 int reps) {
  const T* x = a.in<T>(0);
  const T* y = a.in<T>(1);
  T* out = a.out<T>();
  double total = 0;
  if (threads == 1) {
    for (int r = 0; r < reps; ++r) {
      opaque(x);
      if (kernel == "add") {
#pragma omp simd
        for (std::int64_t i = 0; i < n; ++i) out[i] = x[i] + T(2);
      } else if (kernel == "triad") {
#pragma omp simd
        for (std::int64_t i = 0; i < n; ++i) out[i] = x[i] + T(3) * y[i];
      } else {
        T sum = 0;
#pragma omp simd reduction(+ : sum)
        for (std::int64_t i = 0; i < n; ++i) sum += x[i];
        total += static_cast<double>(sum);
      }
    }
    return total + static_cast<double>(out[n / 2]);
  }
  const int kind = kernel == "add" ? 0 : kernel == "triad" ? 1 : 2;
#pragma omp parallel num_threads(threads)
  for (int r = 0; r < reps; ++r) {
    opaque(x);
    if (kind == 0) {
#pragma omp for simd schedule(static)
      for (std::int64_t i = 0; i < n; ++i) out[i] = x[i] + T(2);
    } else if (kind == 1) {
#pragma omp for simd schedule(static)
      for (std::int64_t i = 0; i < n; ++i) out[i] = x[i] + T(3) * y[i];
    } else {
#pragma omp for simd schedule(static) reduction(+ : total)
      for (std::int64_t i = 0; i < n; ++i) total += static_cast<double>(x[i]);
    }
  }
  return total + static_cast<double>(out[n / 2]);
}

double secondsOf(Clock::duration d) { return std::chrono::duration<double>(d).count(); }

struct Best {
  double accellab = 1e300;  // seconds per run
  double c = 1e300;
  std::string stores;  // how AccelLab's loop wrote, where it chose
  int threadsWorked = 0;
};

template <class T>
Best measure(const accellab::Kernel& kernel, const std::string& name, std::uint64_t bytesEach,
             int threads, int rounds, const accellab::SystemInfo& machine) {
  const std::uint64_t n = bytesEach / sizeof(T);
  accellab::Params params;
  params.dtype = sizeof(T) == 4 ? accellab::DType::f32 : accellab::DType::f64;
  params.shape = accellab::Shape3{1, 1, n};
  // As a run of the CLI or the window prepares it: with the machine's crossovers.
  const auto run = kernel.prepare(params, threads == 1 ? "vectorized" : "parallel",
                                  {.threads = threads,
                                   .streamingFromBytes = machine.streamingFromBytes,
                                   .splitFromBytes = machine.splitFromBytes});
  Arrays arrays(bytesEach);
  for (std::uint64_t i = 0; i < n; ++i) {
    arrays.in<T>(0)[i] = T(1) + T(i % 1000) / T(1000);
    arrays.in<T>(1)[i] = T(2) - T(i % 997) / T(997);
  }
  // Repetitions per batch from one timed run of each.
  const auto calibrate = [](auto&& once) {
    const auto t0 = Clock::now();
    once();
    const double s = std::max(secondsOf(Clock::now() - t0), 1e-9);
    return std::max(1, static_cast<int>(kBatchS / s));
  };
  run->run({});
  const int repsA = calibrate([&] { run->run({}); });
  // The reference's result is kept, here as in the rounds: a sum nobody reads is elided.
  volatile double sink = 0;
  sink = sink + reference<T>(name, arrays, static_cast<std::int64_t>(n), threads, 1);
  const int repsC = calibrate(
      [&] { sink = sink + reference<T>(name, arrays, static_cast<std::int64_t>(n), threads, 1); });
  Best best;
  best.stores = run->stores();
  for (int round = 0; round < rounds; ++round) {
    auto t0 = Clock::now();
    for (int r = 0; r < repsA; ++r) best.threadsWorked = run->run({}).threadsWorked.value_or(1);
    best.accellab = std::min(best.accellab, secondsOf(Clock::now() - t0) / repsA);
    t0 = Clock::now();
    sink = sink + reference<T>(name, arrays, static_cast<std::int64_t>(n), threads, repsC);
    best.c = std::min(best.c, secondsOf(Clock::now() - t0) / repsC);
  }
  if (!run->verify().ok)
    std::fprintf(stderr, "%s: AccelLab's output did not verify\n", name.c_str());
  return best;
}

std::string sizeName(std::uint64_t bytes) {
  if (bytes >= (std::uint64_t{1} << 20)) return std::to_string(bytes >> 20) + " MiB";
  return std::to_string(bytes >> 10) + " KiB";
}

}  // namespace

int main(int argc, char** argv) {
  const int rounds = argc > 1 ? std::atoi(argv[1]) : 15;
  const int all = argc > 2 ? std::atoi(argv[2]) : omp_get_num_procs();
  if (rounds <= 0 || all <= 0) {
    std::fprintf(stderr, "usage: %s [ROUNDS] [THREADS]\n", argv[0]);
    return 2;
  }
  const accellab::Engine engine = accellab::kernels::makeBuiltinEngine();
  // The crossover a run would use: the machine cache's, measured now if it has none.
  const accellab::MachineProbe probe =
      accellab::probeMachine(engine, accellab::MachineCache(accellab::defaultMachineCacheFile()));
  std::printf("AccelLab's stores: %s\n", accellab::describeStreaming(probe.system).c_str());
  std::printf("AccelLab's splitting: %s\n", accellab::describeSplitting(probe.system).c_str());
  std::printf("%-7s %-4s %-8s %7s %14s %14s %7s  %s\n", "kernel", "type", "array", "threads",
              "AccelLab el/s", "C el/s", "ratio", "stores, threads that worked");
  std::vector<int> threadCounts{1};
  if (all > 1) threadCounts.push_back(all);
  double worst = 1e300;
  std::vector<std::string> kernels{"add", "triad", "reduce"};
  // Arguments like "64K" or "2M" replace the sizes (bytes per array): the crossover where
  // two threads start to pay is found this way.
  std::vector<std::uint64_t> sizes{std::uint64_t{16} << 10, std::uint64_t{512} << 10,
                                   std::uint64_t{16} << 20, std::uint64_t{512} << 20};
  std::vector<std::string> named;
  std::vector<std::uint64_t> asked;
  for (int i = 3; i < argc; ++i) {
    char* unit = nullptr;
    const unsigned long long value = std::strtoull(argv[i], &unit, 10);
    if (value > 0 && (*unit == 'K' || *unit == 'M') && unit[1] == '\0')
      asked.push_back(value << (*unit == 'K' ? 10 : 20));
    else
      named.emplace_back(argv[i]);
  }
  if (!named.empty()) kernels = named;
  if (!asked.empty()) sizes = asked;
  for (const std::string& kernelName : kernels) {
    const char* name = kernelName.c_str();
    const accellab::Kernel* kernel = engine.registry().find(kernelName);
    if (kernel == nullptr) {
      std::fprintf(stderr, "no kernel %s\n", name);
      return 2;
    }
    for (const bool f32 : {false, true}) {
      for (const std::uint64_t bytes : sizes) {
        for (const int threads : threadCounts) {
          const Best best =
              f32 ? measure<float>(*kernel, name, bytes, threads, rounds, probe.system)
                  : measure<double>(*kernel, name, bytes, threads, rounds, probe.system);
          const double n = static_cast<double>(bytes / (f32 ? 4 : 8));
          const double ratio = best.c / best.accellab;
          worst = std::min(worst, ratio);
          std::printf("%-7s %-4s %-8s %7d %12.2f G %12.2f G %7.2f  %s, %d\n", name,
                      f32 ? "f32" : "f64", sizeName(bytes).c_str(), threads,
                      n / best.accellab / 1e9, n / best.c / 1e9, ratio,
                      best.stores.empty() ? "-" : best.stores.c_str(), best.threadsWorked);
          std::fflush(stdout);
        }
      }
    }
  }
  std::printf("lowest ratio %.2f (goal: every cell >= 0.90)\n", worst);
  return 0;
}
