#include "add_python.h"

#include <memory>
#include <stdexcept>
#include <string>

#include "add_verify.h"
#include "arrays/array_data.h"
#include "python/python_function_run.h"
#include "python/python_variant.h"
#include "python/shared_memory.h"

namespace accellab::kernels::add {
namespace {

nlohmann::json withArrays(nlohmann::json prepare, const RunRequest& request, const Shape3& shape) {
  prepare["kernel"] = "add";
  prepare["dtype"] = std::string(toString(request.params.dtype));
  prepare["shape"] = {shape.z, shape.y, shape.x};
  prepare["threads"] = request.threads;
  return prepare;
}

template <class T>
SharedMemory filledInput(std::uint64_t elements, std::uint64_t seed) {
  SharedMemory memory("accellab-add-in", elements * sizeof(T));
  fillUniform(memory.as<T>(elements), seed);  // stream 0, as the C++ variants fill `in`
  return memory;
}

// The arrays live in shared memory the child maps as its fds 3 (in) and 4 (out): AccelLab's
// input, bit for bit the C++ variants', and AccelLab's check of what Python wrote.
template <class T>
class PythonAddRun final : public KernelRun {
 public:
  // `prepare`: what the child's prepare gets besides the arrays ({"variant": ...}).
  PythonAddRun(const RunRequest& request, nlohmann::json prepare)
      : shape_(*request.params.shape),
        elements_(*elementCount(shape_)),
        in_(filledInput<T>(elements_, request.params.seed)),
        out_("accellab-add-out", elements_ * sizeof(T)),
        python_(withArrays(std::move(prepare), request, shape_), {in_.fd(), out_.fd()},
                request.stop) {
    poison(output());
  }

  void poisonOutput() override { poison(output()); }

  RunOutcome run(std::stop_token stop) override { return runOutcome(python_.run(std::move(stop))); }

  Verification verify() const override {
    return verifyAdd<T>(in_.as<const T>(elements_), output(), shape_);
  }

 private:
  std::span<T> output() const { return out_.as<T>(elements_); }

  Shape3 shape_;
  std::uint64_t elements_;
  SharedMemory in_;
  SharedMemory out_;
  PythonVariant python_;
};

std::unique_ptr<KernelRun> preparePythonWith(const RunRequest& request, nlohmann::json prepare) {
  if (!request.params.shape || !elementCount(*request.params.shape))
    throw std::runtime_error("add needs a shape whose element count fits 64 bits");
  return forDType(request.params.dtype, [&]<class T>(T) -> std::unique_ptr<KernelRun> {
    return std::make_unique<PythonAddRun<T>>(request, std::move(prepare));
  });
}

std::unique_ptr<KernelRun> preparePython(const RunRequest& request, const std::string& variant) {
  return preparePythonWith(request, {{"variant", variant}});
}

}  // namespace

std::unique_ptr<KernelRun> preparePythonFunction(const RunRequest& request,
                                                 const PythonFunction& function) {
  // f(a, b, addend): a the input (stream 0, as filledInput), b the output.
  return preparePythonFunctionOn(request, function, {.inputStreams = {0}, .constant = 2},
                                 [](const auto& inputs, auto output, const Shape3& shape) {
                                   return verifyAdd(inputs[0], output, shape);
                                 });
}

std::vector<VariantRow> pythonRows() {
  return {
      // python-loop needs NumPy too: the tutorial's loop indexes NumPy arrays.
      {.name = "python-loop",
       .description = "the tutorial's pure-Python triple loop (x, z, y) in a python3 child; "
                      "refused when a run would take longer than ACCELLAB_PYTHON_LOOP_LIMIT_S "
                      "seconds (default 10)",
       .needs = Needs::numpy,
       .prepare = [](const RunRequest& r) { return preparePython(r, "python-loop"); },
       .optIn = true},
      {.name = "numpy",
       .description =
           "the tutorial's NumPy `b = a + 2` (a new array each call; only that is timed)",
       .needs = Needs::numpy,
       .prepare = [](const RunRequest& r) { return preparePython(r, "numpy"); },
       .optIn = true},
      {.name = "numpy-out",
       .description = "NumPy in place: np.add(a, 2, out=b)",
       .needs = Needs::numpy,
       .prepare = [](const RunRequest& r) { return preparePython(r, "numpy-out"); },
       .optIn = true},
      {.name = "numba",
       .description = "Numba @njit of the tutorial's loop, in its order (x, z, y)",
       .needs = Needs::numba,
       .prepare = [](const RunRequest& r) { return preparePython(r, "numba"); },
       .optIn = true},
      {.name = "numba-prange",
       .description = "Numba @njit(parallel=True), prange over z, C order inside",
       .needs = Needs::numba,
       .usesThreads = true,
       .prepare = [](const RunRequest& r) { return preparePython(r, "numba-prange"); },
       .optIn = true},
      {.name = "numba-cuda",
       .description =
           "Numba @cuda.jit grid-stride kernel; the kernel alone is timed, the copies are not",
       .needs = Needs::numbaCuda,
       .prepare = [](const RunRequest& r) { return preparePython(r, "numba-cuda"); },
       .optIn = true},
  };
}

}  // namespace accellab::kernels::add
