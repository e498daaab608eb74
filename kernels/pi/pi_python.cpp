#include "pi_python.h"

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "pi_estimate.h"
#include "shared/python_variant.h"

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
      {"python-loop",
       "the tutorial's pure-Python loop over random.random() in a python3 child; refused when a "
       "run would take longer than ACCELLAB_PYTHON_LOOP_LIMIT_S seconds (default 10)",
       Needs::python, false, [](const RunRequest& r) { return preparePython(r, "python-loop"); },
       true},
      {"numpy", "the tutorial's vectorised NumPy form, in chunks of 2^20 samples", Needs::numpy,
       false, [](const RunRequest& r) { return preparePython(r, "numpy"); }, true},
      {"numba", "Numba @njit of the tutorial's loop with np.random.random()", Needs::numba, false,
       [](const RunRequest& r) { return preparePython(r, "numba"); }, true},
      {"numba-prange", "Numba @njit(parallel=True), prange over the samples", Needs::numba, true,
       [](const RunRequest& r) { return preparePython(r, "numba-prange"); }, true},
      {"numba-cuda", "Numba @cuda.jit grid-stride kernel with xoroshiro128+, one atomic per thread",
       Needs::numbaCuda, false, [](const RunRequest& r) { return preparePython(r, "numba-cuda"); },
       true},
  };
}

}  // namespace accellab::kernels::pi
