// pi: the Monte Carlo estimate of pi from N samples — the tutorial's second kernel,
// compute-bound.
#include <iterator>
#include <memory>
#include <optional>
#include <stdexcept>

#include "pi_cpu_run.h"
#include "pi_mpi.h"
#include "pi_python.h"
#include "table/kernel_table.h"

namespace accellab::kernels::pi {
namespace {

// 3e7 samples: well under a second for the scalar loop, so the default answers at once.
constexpr std::uint64_t kDefaultSamples = 30'000'000;
// The tutorial's ladder for a default experiment: cache-resident, memory-sized, and long
// enough to amortise starting threads.
constexpr std::uint64_t kDefaultSampleSweep[] = {10'000, kDefaultSamples, 1'000'000'000};

// TBB's threads: who worked is not known here.
struct StdPar {
  static std::string isa() { return ""; }  // whatever the compiler made of the loop
  static PiecesDone count(std::uint64_t key, std::uint64_t begin, std::uint64_t end, int threads,
                          const std::stop_token& stop, std::uint64_t& outside) {
    const std::uint64_t chunk = kPiChunkSamples * static_cast<std::uint64_t>(threads);
    return {.complete = forEachChunk(end - begin, chunk, stop, [&](auto first, auto last) {
              outside += countOutsideStdPar(key, begin + first, begin + last, threads);
            })};
  }
};

template <class Variant>
std::unique_ptr<KernelRun> prepareCpu(const RunRequest& request) {
  return std::make_unique<CpuPiRun<Variant>>(samplesOf(request.params), request.params.seed,
                                             request.threads);
}

// Per sample: x*x + y*y and the comparison are integer work; the estimate counts no FLOPs, so
// the work is given as samples and there is no memory traffic.
Workload workload(const KernelInfo&, const Params& params) { return {samplesOf(params), 0, 0}; }

MemoryNeed memory(const KernelInfo&, const Params&, bool onDevice) {
  return {0, onDevice ? sizeof(std::uint64_t) : 0};
}

}  // namespace

KernelTable table() {
  KernelTable table;
  KernelInfo& info = table.info;
  info.name = "pi";
  info.description = "Monte Carlo estimate of pi from N samples (compute-bound)";
  info.problem = ProblemKind::samples;
  info.defaults.samples = kDefaultSamples;
  info.defaultSampleSweep.assign(std::begin(kDefaultSampleSweep), std::end(kDefaultSampleSweep));
  info.intensityNote =
      "integer work only (a counter-based generator and an exact x*x + y*y test): no FLOPs and "
      "no memory traffic, so it has no place on the roofline";
  table.workload = &workload;
  table.memory = &memory;
  table.variants = {
      {.name = "loop",
       .description = "scalar loop over the samples; compiler vectorization off",
       .prepare = &prepareCpu<Loop>},
      {.name = "vectorized",
       .description = "Google Highway SIMD on 64-bit lanes, one thread, best ISA of this CPU",
       .needs = Needs::highway,
       .prepare = ACCELLAB_WITH_HIGHWAY(&prepareCpu<Vectorized>)},
      {.name = "parallel",
       .description = "OpenMP threads over sample ranges, each running the SIMD loop",
       .needs = Needs::highway,
       .usesThreads = true,
       .prepare = ACCELLAB_WITH_HIGHWAY(&prepareCpu<Parallel>)},
      {.name = "gpu",
       .description = "CUDA grid-stride kernel, block reduction, one atomic add per block",
       .needs = Needs::cuda,
       .prepare = ACCELLAB_WITH_CUDA(&prepareGpu)},
      {.name = "gpu-lib",
       .description =
           "CUB's DeviceReduce over the samples' outcomes, the library call instead of a "
           "hand-written kernel; same samples, so the same hit count",
       .needs = Needs::cuda,
       .prepare = ACCELLAB_WITH_CUDA(&prepareGpuLibrary)},
      {.name = "std-par",
       .description = "std::transform_reduce(std::execution::par_unseq) over blocks of samples "
                      "on TBB, limited to the threads",
       .needs = Needs::tbb,
       .usesThreads = true,
       .prepare = ACCELLAB_WITH_TBB(&prepareCpu<StdPar>)},
      {.name = "mpi",
       .description =
           "MPI ranks over sample ranges, each running parallel (or gpu with --mpi-device) on its "
           "share; the hit counts summed with MPI, so the same count",
       .needs = Needs::mpi,
       .usesThreads = true,
       // Each share runs parallel: without Highway there is no row.
       .prepare = ACCELLAB_WITH_MPI(ACCELLAB_WITH_HIGHWAY(&prepareMpi)),
       .optIn = true},
  };
  for (VariantRow& row : pythonRows()) table.variants.push_back(std::move(row));
  return table;
}

}  // namespace accellab::kernels::pi
