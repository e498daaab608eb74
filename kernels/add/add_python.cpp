#include "add_python.h"

#include <memory>
#include <string>

#include "add_verify.h"
#include "python/python_arrays_run.h"

namespace accellab::kernels::add {
namespace {

// The child's add variants and a user's function alike: a the input (stream 0, as the C++
// variants fill `in`), b the output.
std::unique_ptr<KernelRun> preparePythonWith(const RunRequest& request, nlohmann::json prepare) {
  return preparePythonArrays(request, std::move(prepare), {0},
                             [](const auto& inputs, auto output, const Shape3& shape) {
                               return verifyAdd(inputs[0], output, shape);
                             });
}

std::unique_ptr<KernelRun> preparePython(const RunRequest& request, const std::string& variant) {
  return preparePythonWith(request, {{"variant", variant}});
}

}  // namespace

std::unique_ptr<KernelRun> preparePythonFunction(const RunRequest& request,
                                                 const PythonFunction& function) {
  return preparePythonWith(request, functionRequest(function, 2));  // f(a, b, addend)
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
      {.name = "dask",
       .description = "dask.array's a + 2 stored into the output on the threaded scheduler "
                      "(num_workers = the point's threads), the array in two chunks of whole "
                      "z-planes per worker (one for 1 thread): the tutorial's Dask row",
       .needs = Needs::dask,
       .usesThreads = true,
       .prepare = [](const RunRequest& r) { return preparePython(r, "dask"); },
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
