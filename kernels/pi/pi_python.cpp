#include "pi_python.h"

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "pi_estimate.h"
#include "python/python_variant.h"

namespace accellab::kernels::pi {
namespace {

// Python draws its samples with its own generators (random, np.random, numba's, xoroshiro on
// the device), as the tutorial did, so its hit count is judged against pi alone.
class PythonPiRun final : public KernelRun {
 public:
  PythonPiRun(const RunRequest& request, const std::string& variant)
      : samples_(*request.params.samples),
        python_({{"kernel", "pi"},
                 {"variant", variant},
                 {"samples", samples_},
                 {"seed", request.params.seed},
                 {"threads", request.threads}},
                {}, request.stop) {}

  void poisonOutput() override { hits_.reset(); }

  RunOutcome run(std::stop_token stop) override {
    const auto outcome = python_.run(std::move(stop));
    if (outcome && !outcome->hits) throw std::runtime_error("python's pi run returned no hits");
    if (outcome) hits_ = outcome->hits;
    return runOutcome(outcome);
  }

  Verification verify() const override {
    if (!hits_) return {false, "no completed run", std::nullopt};
    Verification verdict = verifyPi(*hits_, samples_);
    // Other samples than the C++ variants': no hit count to agree on across variants.
    verdict.fingerprint.reset();
    verdict.detail += " (Python's generator)";
    return verdict;
  }

 private:
  std::uint64_t samples_;
  PythonVariant python_;
  std::optional<std::uint64_t> hits_;
};

std::unique_ptr<KernelRun> preparePython(const RunRequest& request, const std::string& variant) {
  if (!request.params.samples || *request.params.samples == 0)
    throw std::runtime_error("pi needs a positive sample count");
  return std::make_unique<PythonPiRun>(request, variant);
}

}  // namespace

std::vector<VariantRow> pythonRows() {
  return {
      {.name = "python-loop",
       .description =
           "the tutorial's pure-Python loop over random.random() in a python3 child; refused when "
           "a run would take longer than ACCELLAB_PYTHON_LOOP_LIMIT_S seconds (default 10)",
       .needs = Needs::python,
       .prepare = [](const RunRequest& r) { return preparePython(r, "python-loop"); },
       .optIn = true},
      {.name = "numpy",
       .description = "the tutorial's vectorised NumPy form, in chunks of 2^20 samples",
       .needs = Needs::numpy,
       .prepare = [](const RunRequest& r) { return preparePython(r, "numpy"); },
       .optIn = true},
      {.name = "numba",
       .description = "Numba @njit of the tutorial's loop with np.random.random()",
       .needs = Needs::numba,
       .prepare = [](const RunRequest& r) { return preparePython(r, "numba"); },
       .optIn = true},
      {.name = "numba-prange",
       .description = "Numba @njit(parallel=True), prange over the samples",
       .needs = Needs::numba,
       .usesThreads = true,
       .prepare = [](const RunRequest& r) { return preparePython(r, "numba-prange"); },
       .optIn = true},
      {.name = "numba-cuda",
       .description =
           "Numba @cuda.jit grid-stride kernel with xoroshiro128+, one atomic per thread",
       .needs = Needs::numbaCuda,
       .prepare = [](const RunRequest& r) { return preparePython(r, "numba-cuda"); },
       .optIn = true},
  };
}

}  // namespace accellab::kernels::pi
