// reduce: the sum of a 3-D array, f32 or f64 — one array read, one value out, memory-bound.
#include <limits>
#include <memory>
#include <stdexcept>

#include "arrays/array_data.h"
#include "arrays/array_problem.h"
#include "arrays/host_array.h"
#include "cpu/simd.h"
#include "cpu/stop_chunks.h"
#include "probe/blas_identity.h"
#include "reduce_cpu_run.h"
#include "reduce_mpi.h"
#include "reduce_variants.h"
#include "reduce_verify.h"

namespace accellab::kernels::reduce {
namespace {

// 64 Mi elements, as triad's: 512 MiB in f64, far beyond any last-level cache.
constexpr Shape3 kDefaultShape{256, 512, 512};

struct Loop {
  static std::string isa() { return "scalar"; }
  template <class T>
  static CompensatedSum<T> sum(const T* x, std::size_t n, int) {
    return sumLoop(x, n);
  }
  template <class T>
  static Tolerance tolerance(std::uint64_t) {
    return compensatedTolerance<T>();
  }
};

struct Vectorized {
  static std::string isa() { return simd::targetName(); }
  template <class T>
  static CompensatedSum<T> sum(const T* x, std::size_t n, int) {
    return sumSimd(x, n);
  }
  template <class T>
  static Tolerance tolerance(std::uint64_t) {
    return compensatedTolerance<T>();
  }
};

struct StdPar {
  static std::string isa() { return ""; }
  template <class T>
  static CompensatedSum<T> sum(const T* x, std::size_t n, int threads) {
    return sumStdPar(x, n, threads);
  }
  template <class T>
  static Tolerance tolerance(std::uint64_t) {
    return compensatedTolerance<T>();
  }
};

struct Blas {
  static std::string isa() { return "OpenBLAS " + blasIdentity().core; }
  template <class T>
  static CompensatedSum<T> sum(const T* x, std::size_t n, int) {
    return sumBlas(x, n);
  }
  template <class T>
  static Tolerance tolerance(std::uint64_t n) {
    return blockedTolerance<T>(n, kBlasBlock);
  }
};

template <class Variant>
std::unique_ptr<KernelRun> prepareCpu(const RunRequest& request) {
  const std::uint64_t elements = elementsOf(request.params);
  const std::uint64_t seed = request.params.seed;
  return forDType(request.params.dtype, [&]<class T>(T) -> std::unique_ptr<KernelRun> {
    return std::make_unique<CpuReduceRun<T, Variant>>(elements, seed, request.firstElement,
                                                      request.threads, request.splitFromBytes);
  });
}

Workload workload(const KernelInfo&, const Params& params) {
  const std::uint64_t elements = elementsOf(params);
  return {elements, elements * sizeOf(params.dtype), elements};  // one read, one add each
}

MemoryNeed memory(const KernelInfo& kernel, const Params& params, bool onDevice) {
  const std::uint64_t array = workload(kernel, params).bytes;
  if (!onDevice) return {array, 0};
  return {array, array};  // the pinned input, and its copy on the device
}

}  // namespace

KernelTable table() {
  KernelTable table;
  KernelInfo& info = table.info;
  info.name = "reduce";
  info.description =
      "the sum of a 3-D array; every variant merges its partial sums compensated (memory-bound)";
  info.problem = ProblemKind::array3d;
  info.dtypes = {DType::f32, DType::f64};
  info.defaults.shape = kDefaultShape;
  info.defaults.dtype = DType::f64;
  info.intensityNote =
      "1 flop per element (the add; the compensation's extra operations are not counted); "
      "bytes: the array read once (4 per element in f32, 8 in f64)";
  table.workload = &workload;
  table.memory = &memory;
  table.variants = {
      {.name = "loop",
       .description =
           "scalar compensated (TwoSum) loop, one accumulator; compiler vectorization off",
       .prepare = &prepareCpu<Loop>},
      {.name = "vectorized",
       .description = "Google Highway SIMD, 4 compensated vector accumulators, one thread",
       .needs = Needs::highway,
       .prepare = ACCELLAB_WITH_HIGHWAY(&prepareCpu<Vectorized>)},
      {.name = "parallel",
       .description =
           "OpenMP threads over pieces sized to the problem, partial sums merged in piece order "
           "(deterministic)",
       .needs = Needs::highway,
       .usesThreads = true,
       .prepare = ACCELLAB_WITH_HIGHWAY(&prepareCpu<Parallel>)},
      {.name = "gpu",
       .description =
           "CUDA block reduction and a final pass, compensated, no atomics (deterministic)",
       .needs = Needs::cuda,
       .prepare = ACCELLAB_WITH_CUDA(&prepareGpu)},
      {.name = "gpu-lib",
       .description = "CUB's DeviceReduce over (sum, compensation) pairs, the library call instead "
                      "of a kernel",
       .needs = Needs::cuda,
       .prepare = ACCELLAB_WITH_CUDA(&prepareGpuLibrary)},
      {.name = "std-par",
       .description = "std::transform_reduce(par_unseq) over compensated pairs on TBB; merge order "
                      "unspecified",
       .needs = Needs::tbb,
       .usesThreads = true,
       .prepare = ACCELLAB_WITH_TBB(&prepareCpu<StdPar>)},
      {.name = "blas",
       .description =
           "OpenBLAS asum (= the sum: every input is positive) over blocks of 16 Ki, merged "
           "compensated; one thread",
       .needs = Needs::blas,
       .prepare = ACCELLAB_WITH_BLAS(&prepareCpu<Blas>)},
      {.name = "mpi",
       .description =
           "MPI ranks over equal shares of the elements, each running parallel (or gpu with "
           "--mpi-device) on its share; every share's sum verified, and the sums reduced",
       .needs = Needs::mpi,
       .usesThreads = true,
       .prepare = ACCELLAB_WITH_MPI(ACCELLAB_WITH_HIGHWAY(&prepareMpi)),
       .optIn = true},
  };
  return table;
}

}  // namespace accellab::kernels::reduce
