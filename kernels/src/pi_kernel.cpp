#include "pi_kernel.h"

#include <array>
#include <iterator>
#include <stdexcept>

#include "cpu/parallel.h"
#include "cpu/scalar_loops.h"
#include "cpu/simd.h"
#include "cuda/gpu.h"
#include "pi_estimate.h"
#include "pi_sampler.h"
#include "stop_chunks.h"
#include "variants.h"

namespace accellab::kernels {
namespace {

constexpr std::array kVariants{
    VariantSpec{Variant::loop, "scalar loop over the samples; compiler vectorization off"},
    VariantSpec{Variant::vectorized,
                "Google Highway SIMD on 64-bit lanes, one thread, best ISA of this CPU"},
    VariantSpec{Variant::parallel, "OpenMP threads over sample ranges, each running the SIMD loop"},
    VariantSpec{Variant::gpu, "CUDA grid-stride kernel, block reduction, one atomic add per block"},
};

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

class CpuPiRun final : public KernelRun {
 public:
  CpuPiRun(std::uint64_t samples, std::uint64_t seed, Variant variant, int threads)
      : samples_(samples), key_(pi::streamKey(seed)), variant_(variant), threads_(threads) {}

  void poisonOutput() override { hits_.reset(); }

  RunOutcome run(std::stop_token stop) override {
    std::uint64_t outside = 0;
    auto count = [&](std::uint64_t chunk, auto countRange) {
      return forEachChunk(samples_, chunk, stop, [&](std::uint64_t begin, std::uint64_t end) {
        outside += countRange(begin, end);
      });
    };
    bool done = false;
    switch (variant_) {
      case Variant::loop:
        done =
            count(kPiChunkSamples, [&](auto b, auto e) { return countOutsideScalar(key_, b, e); });
        break;
      case Variant::vectorized:
        done =
            count(kPiChunkSamples, [&](auto b, auto e) { return simd::countOutside(key_, b, e); });
        break;
      case Variant::parallel:
        done = count(kPiChunkSamples * static_cast<std::uint64_t>(threads_),
                     [&](auto b, auto e) { return countOutsideParallel(key_, b, e, threads_); });
        break;
      case Variant::loopStrided:
      case Variant::gpu:
        throw std::logic_error("not a CPU variant of pi");
    }
    if (done) hits_ = samples_ - outside;
    RunOutcome outcome;
    outcome.cancelled = !done;
    return outcome;
  }

  Verification verify() const override {
    if (!hits_) return {false, "no completed run", std::nullopt};
    return verifyPi(*hits_, samples_);
  }

  std::string isa() const override {
    return variant_ == Variant::loop ? "scalar" : simd::targetName();
  }

 private:
  std::uint64_t samples_;
  std::uint64_t key_;
  Variant variant_;
  int threads_;
  std::optional<std::uint64_t> hits_;
};

}  // namespace

PiKernel::PiKernel(const GpuTarget& gpu) : gpuDevice_(gpu.device) {
  info_.name = "pi";
  info_.description = "Monte Carlo estimate of pi from N samples (compute-bound)";
  info_.problem = ProblemKind::samples;
  info_.defaults.samples = kDefaultSamples;
  info_.defaultSampleSweep.assign(std::begin(kDefaultSampleSweep), std::end(kDefaultSampleSweep));
  info_.variants = describeVariants(kVariants, gpu.availability);
}

Workload PiKernel::workload(const Params& params) const {
  return {samplesOf(params), 0};  // no memory traffic: the samples are computed
}

MemoryNeed PiKernel::memoryNeed(const Params&, std::string_view variant) const {
  return {0, variant == "gpu" ? sizeof(std::uint64_t) : 0};
}

std::unique_ptr<KernelRun> PiKernel::prepare(const Params& params, std::string_view variant,
                                             int threads) const {
  const Variant chosen = requireVariant(info_, variant);
  const std::uint64_t samples = samplesOf(params);
  if (chosen == Variant::gpu) return gpu::preparePi(gpuDevice_, samples, params.seed);
  return std::make_unique<CpuPiRun>(samples, params.seed, chosen, threadsFor(threads));
}

}  // namespace accellab::kernels
