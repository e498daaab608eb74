// A variant the python backend runs on a kernel's own arrays: add's Python variants, and a
// function of a user's file that joins a built-in kernel (accellab.Builtin, docs/python.md).
// Its inputs are filled as the kernel's C++ variants fill theirs, bit for bit, its output
// poisoned before each run and checked by the kernel's own reference. The arrays live in shared
// memory the child maps as its fds 3, 4, ...: the inputs, then the output.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "accellab/kernel.h"
#include "arrays/array_data.h"
#include "python/python_function.h"
#include "python/python_variant.h"
#include "python/shared_memory.h"
#include "table/kernel_table.h"

namespace accellab::kernels {

// `Verify`: Verification(const std::vector<std::span<const T>>& inputs, std::span<const T>
// output, const Shape3& shape), the kernel's reference check.
template <class T, class Verify>
class PythonArraysRun final : public KernelRun {
 public:
  // `prepare`: what the child's prepare gets besides the arrays ({"variant": ...}); the
  // kernel, element type, shape and threads are added here. `inputStreams`: fillUniform's
  // stream of each input, in the order the child takes them.
  PythonArraysRun(const RunRequest& request, nlohmann::json prepare,
                  const std::vector<std::uint64_t>& inputStreams, Verify verify)
      : shape_(*request.params.shape),
        elements_(*elementCount(shape_)),
        inputs_(filledInputs(request, inputStreams)),
        output_("accellab-" + request.kernel.name + "-out", elements_ * sizeof(T)),
        verify_(std::move(verify)),
        python_(withArrays(std::move(prepare), request), fds(), request.stop) {
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
      inputs.emplace_back("accellab-" + request.kernel.name + "-in", elements_ * sizeof(T));
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

  nlohmann::json withArrays(nlohmann::json prepare, const RunRequest& request) const {
    prepare["kernel"] = request.kernel.name;
    prepare["dtype"] = std::string(toString(request.params.dtype));
    prepare["shape"] = {shape_.z, shape_.y, shape_.x};
    prepare["threads"] = request.threads;
    return prepare;
  }

  Shape3 shape_;
  std::uint64_t elements_;
  std::vector<SharedMemory> inputs_;
  SharedMemory output_;
  Verify verify_;
  PythonVariant python_;
};

// The run on a kernel of 3-D arrays, in the request's element type; `verify` a generic lambda,
// PythonArraysRun's Verify for f32 and f64 alike.
template <class Verify>
std::unique_ptr<KernelRun> preparePythonArrays(const RunRequest& request, nlohmann::json prepare,
                                               const std::vector<std::uint64_t>& inputStreams,
                                               Verify verify) {
  if (!request.params.shape || !elementCount(*request.params.shape))
    throw std::runtime_error(request.kernel.name +
                             " needs a shape whose element count fits 64 bits");
  return forDType(request.params.dtype, [&]<class T>(T) -> std::unique_ptr<KernelRun> {
    return std::make_unique<PythonArraysRun<T, Verify>>(request, std::move(prepare), inputStreams,
                                                        verify);
  });
}

// What the child's prepare_function gets for `function`: the function, its threads and time
// limit, and the kernel's constant it takes after the arrays.
inline nlohmann::json functionRequest(const PythonFunction& function, double constant) {
  return {{"variant", "function"},          {"file", function.file.string()},
          {"function", function.name},      {"threads_from", function.threads},
          {"timeout_s", function.timeoutS}, {"constant", constant}};
}

}  // namespace accellab::kernels
