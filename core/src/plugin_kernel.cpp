// A plugin's kernel behind the Kernel interface: every call goes through the C ABI, with a
// message buffer of the host's, and nothing crosses it but C types.
#include "plugin_kernel.h"

#include <dlfcn.h>

#include <array>
#include <stdexcept>
#include <vector>

namespace accellab::detail {
namespace {

constexpr std::size_t kMessageBytes = 1024;

// A message buffer for one call, read back as a string.
class Message {
 public:
  Message() { text_[0] = '\0'; }
  accellab_message* get() {
    message_ = {text_.data(), text_.size()};
    return &message_;
  }
  std::string text(const char* otherwise) const {
    std::string said(text_.data());
    return said.empty() ? otherwise : said;
  }

 private:
  std::array<char, kMessageBytes> text_{};
  accellab_message message_{};
};

// A point's problem as the ABI has it; owns the parameter values it points at.
struct Problem {
  std::vector<std::uint64_t> values;
  accellab_problem abi{};
};

Problem problemOf(const KernelInfo& info, const Params& params, int threads) {
  Problem problem;
  for (const ParamSpec& spec : info.parameters)
    problem.values.push_back(paramOf(info, params, spec.name));
  problem.abi.struct_size = sizeof(accellab_problem);
  problem.abi.params = problem.values.data();
  problem.abi.param_count = static_cast<std::uint32_t>(problem.values.size());
  problem.abi.dtype =
      info.dtypes.empty() ? 0 : (params.dtype == DType::f32 ? ACCELLAB_F32 : ACCELLAB_F64);
  problem.abi.seed = params.seed;
  problem.abi.threads = static_cast<std::uint32_t>(threads);
  return problem;
}

int stopRequested(void* token) {
  return static_cast<const std::stop_token*>(token)->stop_requested() ? 1 : 0;
}

class PluginRun : public KernelRun {
 public:
  PluginRun(std::shared_ptr<const SharedLibrary> library, const accellab_kernel& kernel,
            void* state)
      : library_(std::move(library)), kernel_(kernel), state_(state) {}
  PluginRun(const PluginRun&) = delete;
  PluginRun& operator=(const PluginRun&) = delete;
  ~PluginRun() override { kernel_.release(state_); }

  void poisonOutput() override { kernel_.poison(state_); }

  RunOutcome run(std::stop_token stop) override {
    const accellab_stop abiStop{sizeof(accellab_stop), &stop, stopRequested};
    Message why;
    switch (kernel_.run(state_, &abiStop, why.get())) {
      case ACCELLAB_OK:
        return {};
      case ACCELLAB_CANCELLED:
        return {.cancelled = true, .timedS = {}, .gpu = {}};
      default:
        throw std::runtime_error(why.text("its run failed and said nothing"));
    }
  }

  Verification verify() const override {
    int ok = 0;
    Message detail;
    if (kernel_.verify(state_, &ok, detail.get()) != ACCELLAB_OK)
      return {false, "its verification failed: " + detail.text("it said nothing"), std::nullopt};
    return {ok != 0, detail.text(ok != 0 ? "matches its reference" : "differs from its reference"),
            std::nullopt};
  }

 private:
  std::shared_ptr<const SharedLibrary> library_;  // first: the code below lives in it
  const accellab_kernel& kernel_;
  void* state_;
};

class PluginKernel : public Kernel {
 public:
  PluginKernel(std::shared_ptr<const SharedLibrary> library, const accellab_kernel& kernel,
               PluginIdentity plugin)
      : library_(std::move(library)), kernel_(kernel) {
    info_.name = kernel.name;
    info_.plugin = std::move(plugin);
    info_.description = kernel.description;
    info_.problem = ProblemKind::parameters;
    for (std::uint32_t i = 0; i < kernel.param_count; ++i) {
      const accellab_param& p = kernel.params[i];
      info_.parameters.push_back({p.name, p.description, p.default_value, p.min, p.max, {}});
    }
    if (kernel.dtypes & ACCELLAB_F64) info_.dtypes.push_back(DType::f64);
    if (kernel.dtypes & ACCELLAB_F32) info_.dtypes.push_back(DType::f32);
    for (std::uint32_t i = 0; i < kernel.variant_count; ++i) {
      const accellab_variant& v = kernel.variants[i];
      info_.variants.push_back({.name = v.name,
                                .description = v.description,
                                .usesThreads = v.uses_threads != 0,
                                .onDevice = false,
                                .availability = Availability::yes()});
    }
    info_.intensityNote = kernel.work_note ? kernel.work_note : "";
  }

  const KernelInfo& info() const override { return info_; }

  Workload workload(const Params& params) const override {
    const Problem problem = problemOf(info_, params, 1);
    const accellab_work work = kernel_.work(&problem.abi);
    return {work.elements, work.bytes, work.flops};
  }

  MemoryNeed memoryNeed(const Params& params, std::string_view variant) const override {
    const Problem problem = problemOf(info_, params, 1);
    return {kernel_.memory_bytes(&problem.abi, std::string(variant).c_str()), 0};
  }

  std::unique_ptr<KernelRun> prepare(const Params& params, std::string_view variant,
                                     const PrepareOptions& options) const override {
    const Problem problem = problemOf(info_, params, options.threads);
    void* state = nullptr;
    Message why;
    switch (kernel_.prepare(&problem.abi, std::string(variant).c_str(), &state, why.get())) {
      case ACCELLAB_OK:
        return std::make_unique<PluginRun>(library_, kernel_, state);
      case ACCELLAB_SKIPPED:
        throw PointSkipped(why.text("not applicable here, it says"));
      default:
        throw std::runtime_error(why.text("its prepare failed and said nothing"));
    }
  }

 private:
  std::shared_ptr<const SharedLibrary> library_;
  const accellab_kernel& kernel_;
  KernelInfo info_;
};

}  // namespace

SharedLibrary::~SharedLibrary() {
  if (entry_ && entry_->deinit) entry_->deinit();
  ::dlclose(handle_);
}

std::unique_ptr<Kernel> makePluginKernel(std::shared_ptr<const SharedLibrary> library,
                                         const accellab_kernel& kernel, PluginIdentity plugin) {
  return std::make_unique<PluginKernel>(std::move(library), kernel, std::move(plugin));
}

}  // namespace accellab::detail
