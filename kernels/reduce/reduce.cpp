// reduce: the sum of a 3-D array, f32 or f64 — one array read, one value out, memory-bound.
#include <limits>
#include <memory>
#include <stdexcept>

#include "cpu/simd.h"
#include "mpi/distributed_run.h"
#include "reduce_variants.h"
#include "reduce_verify.h"
#include "shared/array_data.h"
#include "shared/array_problem.h"
#include "shared/host_array.h"
#include "shared/stop_chunks.h"

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

struct Parallel {
  static std::string isa() { return simd::targetName(); }
  template <class T>
  static CompensatedSum<T> sum(const T* x, std::size_t n, int threads) {
    return sumParallel(x, n, threads);
  }
  template <class T>
  static Tolerance tolerance(std::uint64_t) {
    return compensatedTolerance<T>();
  }
};

// Its merges run in an order TBB picks, so its last bits vary from run to run; each merge
// is compensated, so the tolerance is the others'.
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
  static std::string isa() { return ""; }  // OpenBLAS picks its own kernels
  template <class T>
  static CompensatedSum<T> sum(const T* x, std::size_t n, int) {
    return sumBlas(x, n);
  }
  template <class T>
  static Tolerance tolerance(std::uint64_t n) {
    return blockedTolerance<T>(n, kBlasBlock);
  }
};

template <class T, class Variant>
class CpuReduceRun final : public KernelRun {
 public:
  CpuReduceRun(std::uint64_t elements, std::uint64_t seed, int threads)
      : values_(elements), threads_(threads) {
    fillUniform(values_.span(), seed);
  }

  void poisonOutput() override { sum_ = std::numeric_limits<T>::quiet_NaN(); }

  RunOutcome run(std::stop_token stop) override {
    // A chunk per thread between stop checks: a few ms in all, as add's.
    const std::uint64_t chunk = kAddChunkElements * static_cast<std::uint64_t>(threads_);
    const T* x = values_.span().data();
    CompensatedSum<T> total;
    RunOutcome outcome;
    outcome.cancelled = !forEachChunk(
        values_.span().size(), chunk, std::move(stop),
        [&](auto begin, auto end) { total.merge(Variant::sum(x + begin, end - begin, threads_)); });
    if (!outcome.cancelled) sum_ = total.value();
    return outcome;
  }

  Verification verify() const override {
    return verifyReduce<T>(values_.span(), sum_,
                           Variant::template tolerance<T>(values_.span().size()));
  }

  std::string isa() const override { return Variant::isa(); }

  T sum() const { return sum_; }  // of the last run; NaN before one completed

 private:
  HostArray<T> values_;
  int threads_;
  T sum_ = std::numeric_limits<T>::quiet_NaN();
};

template <class Variant>
std::unique_ptr<KernelRun> prepareCpu(const RunRequest& request) {
  const std::uint64_t elements = elementsOf(request.params);
  const std::uint64_t seed = request.params.seed;
  if (request.params.dtype == DType::f32)
    return std::make_unique<CpuReduceRun<float, Variant>>(elements, seed, request.threads);
  return std::make_unique<CpuReduceRun<double, Variant>>(elements, seed, request.threads);
}

#if ACCELLAB_HAS_HIGHWAY
// The mpi variant on the CPU: each rank sums its share with parallel's code; besides every
// share's verdict, the shares' sums are reduced into the array's, which rank 0 reports.
template <class T>
std::unique_ptr<KernelRun> prepareMpiShare(const RunRequest& own, std::uint64_t count) {
  std::unique_ptr<CpuReduceRun<T, Parallel>> run;
  if (count > 0)
    run = std::make_unique<CpuReduceRun<T, Parallel>>(count, own.params.seed, own.threads);
  const CpuReduceRun<T, Parallel>* share = run.get();
  return mpi::distributed(
      std::move(run), own.group, [share](const Verification& verdict, Collective& group) {
        const double sum = group.sumOver(share ? double{share->sum()} : 0.0);
        Verification combined = mpi::everyShareVerified(verdict, group);
        combined.detail = "sum " + exactText(sum) + " over the ranks; " + combined.detail;
        return combined;
      });
}

std::unique_ptr<KernelRun> prepareMpi(const RunRequest& request) {
  if (request.mpiOnDevice)
    return mpi::prepareElementShare(request, nullptr, ACCELLAB_WITH_CUDA(&prepareGpu));
  const mpi::Share share =
      mpi::shareOf(elementsOf(request.params), request.group.rank(), request.group.size());
  Params params = request.params;
  params.shape = Shape3{1, 1, share.count};
  const RunRequest own = mpi::shareRequest(request, params);
  if (params.dtype == DType::f32) return prepareMpiShare<float>(own, share.count);
  return prepareMpiShare<double>(own, share.count);
}
#endif

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
      {"loop", "scalar compensated (TwoSum) loop, one accumulator; compiler vectorization off",
       Needs::nothing, false, &prepareCpu<Loop>},
      {"vectorized", "Google Highway SIMD, 4 compensated vector accumulators, one thread",
       Needs::highway, false, ACCELLAB_WITH_HIGHWAY(&prepareCpu<Vectorized>)},
      {"parallel",
       "OpenMP threads over dynamic pieces, partial sums merged in piece order (deterministic)",
       Needs::highway, true, ACCELLAB_WITH_HIGHWAY(&prepareCpu<Parallel>)},
      {"gpu", "CUDA block reduction and a final pass, compensated, no atomics (deterministic)",
       Needs::cuda, false, ACCELLAB_WITH_CUDA(&prepareGpu)},
      {"gpu-lib",
       "CUB's DeviceReduce over (sum, compensation) pairs, the library call instead of a kernel",
       Needs::cuda, false, ACCELLAB_WITH_CUDA(&prepareGpuLibrary)},
      {"std-par",
       "std::transform_reduce(par_unseq) over compensated pairs on TBB; merge order unspecified",
       Needs::tbb, true, ACCELLAB_WITH_TBB(&prepareCpu<StdPar>)},
      {"blas",
       "OpenBLAS asum (= the sum: every input is positive) over blocks of 16 Ki, merged "
       "compensated; one thread",
       Needs::blas, false, ACCELLAB_WITH_BLAS(&prepareCpu<Blas>)},
      {"mpi",
       "MPI ranks over equal shares of the elements, each running parallel (or gpu with "
       "--mpi-device) on its share; every share's sum verified, and the sums reduced",
       Needs::mpi, true, ACCELLAB_WITH_MPI(ACCELLAB_WITH_HIGHWAY(&prepareMpi)), true},
  };
  return table;
}

}  // namespace accellab::kernels::reduce
