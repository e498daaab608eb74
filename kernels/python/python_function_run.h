// A function of a user's Python file on a built-in kernel's own arrays (accellab.Builtin,
// docs/python.md): its inputs filled as the kernel's C++ variants fill theirs, bit for bit, its
// output poisoned before each run and checked by the kernel's own reference. The arrays live in
// shared memory the python backend's child maps as its fds 3, 4, ... (inputs, then the output)
// and calls the function with, then the kernel's constant.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "accellab/kernel.h"
#include "arrays/array_data.h"
#include "python/python_function.h"
#include "python/python_variant.h"
#include "python/shared_memory.h"
#include "table/kernel_table.h"

namespace accellab::kernels {

// How a kernel hands its arrays to a function: the fillUniform stream of each input, in the
// order the function takes them, and the constant it takes last.
struct FunctionArrays {
  std::vector<std::uint64_t> inputStreams;
  double constant = 0;
};

// `Verify`: Verification(const std::vector<std::span<const T>>& inputs, std::span<const T>
// output, const Shape3& shape), the kernel's reference check.
template <class T, class Verify>
class PythonFunctionRun final : public KernelRun {
 public:
  PythonFunctionRun(const RunRequest& request, const PythonFunction& function,
                    const FunctionArrays& arrays, Verify verify)
      : shape_(*request.params.shape),
        elements_(*elementCount(shape_)),
        inputs_(filledInputs(request, arrays.inputStreams)),
        output_("accellab-function-out", elements_ * sizeof(T)),
        verify_(std::move(verify)),
        python_(prepareRequest(request, function, arrays.constant), fds(), request.stop) {
    poison(output());
  }

  void poisonOutput() override { poison(output()); }

  RunOutcome run(std::stop_token stop) override { return runOutcome(python_.run(std::move(stop))); }

  Verification verify() const override {
    std::vector<std::span<const T>> inputs;
    for (const SharedMemory& input : inputs_) inputs.push_back(input.as<const T>(elements_));
    return verify_(inputs, std::span<const T>(output()), shape_);
  }

 private:
  std::span<T> output() const { return output_.as<T>(elements_); }

  std::vector<SharedMemory> filledInputs(const RunRequest& request,
                                         const std::vector<std::uint64_t>& streams) const {
    std::vector<SharedMemory> inputs;
    for (const std::uint64_t stream : streams) {
      inputs.emplace_back("accellab-function-in", elements_ * sizeof(T));
      fillUniform(inputs.back().as<T>(elements_), request.params.seed, stream,
                  request.firstElement);
    }
    return inputs;
  }

  std::vector<int> fds() const {
    std::vector<int> fds;
    for (const SharedMemory& input : inputs_) fds.push_back(input.fd());
    fds.push_back(output_.fd());
    return fds;
  }

  static nlohmann::json prepareRequest(const RunRequest& request, const PythonFunction& function,
                                       double constant) {
    return {{"kernel", request.kernel.name},
            {"variant", "function"},
            {"dtype", std::string(toString(request.params.dtype))},
            {"shape", {request.params.shape->z, request.params.shape->y, request.params.shape->x}},
            {"threads", request.threads},
            {"constant", constant},
            {"file", function.file.string()},
            {"function", function.name},
            {"threads_from", function.threads},
            {"timeout_s", function.timeoutS}};
  }

  Shape3 shape_;
  std::uint64_t elements_;
  std::vector<SharedMemory> inputs_;
  SharedMemory output_;
  Verify verify_;
  PythonVariant python_;
};

// The run of `function` on a kernel of 3-D arrays, in the request's element type; `verify` a
// generic lambda, PythonFunctionRun's Verify for f32 and f64 alike.
template <class Verify>
std::unique_ptr<KernelRun> preparePythonFunctionOn(const RunRequest& request,
                                                   const PythonFunction& function,
                                                   const FunctionArrays& arrays, Verify verify) {
  if (!request.params.shape || !elementCount(*request.params.shape))
    throw std::runtime_error(request.kernel.name +
                             " needs a shape whose element count fits 64 bits");
  return forDType(request.params.dtype, [&]<class T>(T) -> std::unique_ptr<KernelRun> {
    return std::make_unique<PythonFunctionRun<T, Verify>>(request, function, arrays, verify);
  });
}

}  // namespace accellab::kernels
