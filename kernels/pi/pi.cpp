// pi: the Monte Carlo estimate of pi from N samples — the tutorial's second kernel,
// compute-bound.
#include <iterator>
#include <memory>
#include <optional>
#include <stdexcept>

#include "cpu/parallel.h"
#include "cpu/scalar_loops.h"
#include "cpu/simd.h"
#include "cuda/gpu.h"
#include "mpi/distributed_run.h"
#include "pi_estimate.h"
#include "pi_python.h"
#include "shared/counter_rng.h"
#include "shared/kernel_table.h"
#include "shared/stop_chunks.h"

namespace accellab::kernels::pi {
namespace {

// 3e7 samples: well under a second for the scalar loop, so the default answers at once.
constexpr std::uint64_t kDefaultSamples = 30'000'000;
// The tutorial's ladder for a default experiment: cache-resident, memory-sized, and long
// enough to amortise starting threads.
constexpr std::uint64_t kDefaultSampleSweep[] = {10'000, kDefaultSamples, 1'000'000'000};

std::uint64_t samplesOf(const Params& params) {
  if (!params.samples || *params.samples == 0) {
    throw std::runtime_error("pi needs a positive sample count");
  }
  return *params.samples;
}

// One CPU variant's count of the samples [begin, end) outside the quarter circle.
struct Loop {
  static std::string isa() { return "scalar"; }
  static std::uint64_t count(std::uint64_t key, std::uint64_t begin, std::uint64_t end, int) {
    return countOutsideScalar(key, begin, end);
  }
};

struct Vectorized {
  static std::string isa() { return simd::targetName(); }
  static std::uint64_t count(std::uint64_t key, std::uint64_t begin, std::uint64_t end, int) {
    return simd::countOutside(key, begin, end);
  }
};

struct Parallel {
  static std::string isa() { return simd::targetName(); }
  static std::uint64_t count(std::uint64_t key, std::uint64_t begin, std::uint64_t end,
                             int threads) {
    return countOutsideParallel(key, begin, end, threads);
  }
};

// Samples [first, first + samples) of the seed's stream: all of them, or a rank's share.
template <class Variant>
class CpuPiRun final : public KernelRun {
 public:
  CpuPiRun(std::uint64_t samples, std::uint64_t seed, int threads, std::uint64_t first = 0)
      : samples_(samples), first_(first), key_(rng::streamKey(seed)), threads_(threads) {}

  void poisonOutput() override { hits_.reset(); }

  RunOutcome run(std::stop_token stop) override {
    // A chunk per thread between stop checks.
    const std::uint64_t chunk = kPiChunkSamples * static_cast<std::uint64_t>(threads_);
    std::uint64_t outside = 0;
    const bool done =
        forEachChunk(samples_, chunk, stop, [&](std::uint64_t begin, std::uint64_t end) {
          outside += Variant::count(key_, first_ + begin, first_ + end, threads_);
        });
    if (done) hits_ = samples_ - outside;
    RunOutcome outcome;
    outcome.cancelled = !done;
    return outcome;
  }

  Verification verify() const override {
    if (!hits_) return {false, "no completed run", std::nullopt};
    return verifyPi(*hits_, samples_);
  }

  std::string isa() const override { return Variant::isa(); }

 private:
  std::uint64_t samples_;
  std::uint64_t first_;
  std::uint64_t key_;
  int threads_;
  std::optional<std::uint64_t> hits_;
};

template <class Variant>
std::unique_ptr<KernelRun> prepareCpu(const RunRequest& request) {
  return std::make_unique<CpuPiRun<Variant>>(samplesOf(request.params), request.params.seed,
                                             request.threads);
}

std::unique_ptr<KernelRun> prepareDevice(const RunRequest& request, gpu::DeviceCode code) {
  return gpu::preparePi(request.gpuDevice, samplesOf(request.params), request.params.seed, code);
}

std::unique_ptr<KernelRun> prepareGpu(const RunRequest& request) {
  return prepareDevice(request, gpu::DeviceCode::ownKernel);
}

std::unique_ptr<KernelRun> prepareGpuLibrary(const RunRequest& request) {
  return prepareDevice(request, gpu::DeviceCode::library);
}

// Each rank draws its own range of the samples' counters, so the hits summed over the ranks
// are exactly those every other variant counts: the same fingerprint.
Verification combineHits(std::uint64_t samples, const Verification& own, Collective& group) {
  if (group.anyOf(!own.fingerprint)) return {false, "a rank has no completed run", std::nullopt};
  return verifyPi(group.sumOver(*own.fingerprint), samples);
}

std::unique_ptr<KernelRun> prepareMpi(const RunRequest& request) {
  const std::uint64_t samples = samplesOf(request.params);
  const mpi::Share share = mpi::shareOf(samples, request.group.rank(), request.group.size());
  Params params = request.params;
  params.samples = share.count;
  const RunRequest own = mpi::shareRequest(request, params);
  // Stays null for an empty share (fewer samples than ranks).
  std::unique_ptr<KernelRun> run;
  if (share.count > 0 && request.mpiOnDevice)
    run = gpu::preparePi(own.gpuDevice, share.count, own.params.seed, gpu::DeviceCode::ownKernel,
                         share.begin);
  else if (share.count > 0)
    run = std::make_unique<CpuPiRun<Parallel>>(share.count, own.params.seed, own.threads,
                                               share.begin);
  return mpi::distributed(std::move(run), request.group,
                          [samples](const Verification& verdict, Collective& group) {
                            return combineHits(samples, verdict, group);
                          });
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
      {"loop", "scalar loop over the samples; compiler vectorization off", Needs::nothing, false,
       &prepareCpu<Loop>},
      {"vectorized", "Google Highway SIMD on 64-bit lanes, one thread, best ISA of this CPU",
       Needs::highway, false, &prepareCpu<Vectorized>},
      {"parallel", "OpenMP threads over sample ranges, each running the SIMD loop", Needs::nothing,
       true, &prepareCpu<Parallel>},
      {"gpu", "CUDA grid-stride kernel, block reduction, one atomic add per block", Needs::cuda,
       false, &prepareGpu},
      {"gpu-lib",
       "CUB's DeviceReduce over the samples' outcomes, the library call instead of a "
       "hand-written kernel; same samples, so the same hit count",
       Needs::cuda, false, &prepareGpuLibrary},
      {"mpi",
       "MPI ranks over sample ranges, each running parallel (or gpu with --mpi-device) on its "
       "share; the hit counts summed with MPI, so the same count",
       Needs::mpi, true, ACCELLAB_WITH_MPI(&prepareMpi), true},
  };
  for (VariantRow& row : pythonRows()) table.variants.push_back(std::move(row));
  return table;
}

}  // namespace accellab::kernels::pi
