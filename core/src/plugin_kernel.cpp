// A plugin's kernel behind the Kernel interface: every call goes through the C ABI, with a
// message buffer of the host's, and nothing crosses it but C types.
#include "plugin_kernel.h"

#include <dlfcn.h>

#include <array>
#include <cmath>
#include <limits>
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

Problem problemOf(const KernelInfo& info, const Params& params, int threads, int device) {
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
  problem.abi.device = device;
  return problem;
}

int stopRequested(void* token) {
  return static_cast<const std::stop_token*>(token)->stop_requested() ? 1 : 0;
}

using Declaration = std::shared_ptr<const KernelDeclaration>;

// A state prepare returned, released when this goes; the library stays loaded until then.
class PluginState {
 public:
  PluginState(std::shared_ptr<const SharedLibrary> library, Declaration declaration, void* state)
      : library_(std::move(library)), declaration_(std::move(declaration)), state_(state) {}
  PluginState(const PluginState&) = delete;
  PluginState& operator=(const PluginState&) = delete;
  ~PluginState() { abi().release(state_); }

  const accellab_kernel& abi() const { return declaration_->kernel; }
  void* get() const { return state_; }

  void poison() const { abi().poison(state_); }

  Verification verify() const {
    int ok = 0;
    Message detail;
    if (abi().verify(state_, &ok, detail.get()) != ACCELLAB_OK)
      return {false, "its verification failed: " + detail.text("it said nothing"), std::nullopt};
    return {ok != 0, detail.text(ok != 0 ? "matches its reference" : "differs from its reference"),
            std::nullopt};
  }

  std::vector<ReportedValue> reportedValues() const {
    const std::vector<accellab_value>& declared = declaration_->values;
    if (declared.empty()) return {};
    std::vector<double> numbers(declared.size(), std::numeric_limits<double>::quiet_NaN());
    Message why;
    if (abi().report_values(state_, numbers.data(), why.get()) != ACCELLAB_OK)
      throw std::runtime_error("its report_values failed: " + why.text("it said nothing"));
    std::vector<ReportedValue> values;
    for (std::size_t i = 0; i < declared.size(); ++i)
      if (!std::isnan(numbers[i]))
        values.push_back({declared[i].name, declared[i].unit, numbers[i]});
    return values;
  }

 private:
  std::shared_ptr<const SharedLibrary> library_;  // first: the code below lives in it
  Declaration declaration_;
  void* state_;
};

class PluginRun : public KernelRun {
 public:
  explicit PluginRun(std::unique_ptr<PluginState> state) : state_(std::move(state)) {}

  void poisonOutput() override { state_->poison(); }

  RunOutcome run(std::stop_token stop) override {
    const accellab_stop abiStop{sizeof(accellab_stop), &stop, stopRequested};
    Message why;
    switch (state_->abi().run(state_->get(), &abiStop, why.get())) {
      case ACCELLAB_OK:
        return {};
      case ACCELLAB_CANCELLED:
        return {.cancelled = true, .timedS = {}, .gpu = {}};
      default:
        throw std::runtime_error(why.text("its run failed and said nothing"));
    }
  }

  Verification verify() const override { return state_->verify(); }
  std::vector<ReportedValue> reportedValues() const override { return state_->reportedValues(); }

 private:
  std::unique_ptr<PluginState> state_;
};

// A device variant's state and what its device_work declared, checked.
class PluginWork : public PluginDeviceWork {
 public:
  PluginWork(std::unique_ptr<PluginState> state, const std::string& variant)
      : state_(std::move(state)) {
    const std::string at = "its device_work for '" + variant + "'";
    const accellab_device_work* declared = state_->abi().device_work(state_->get());
    if (!declared) throw std::runtime_error(at + " returned nothing");
    if (declared->struct_size < sizeof(accellab_device_work))
      throw std::runtime_error(at + " is " + std::to_string(declared->struct_size) +
                               " bytes, smaller than an accellab_device_work's " +
                               std::to_string(sizeof(accellab_device_work)));
    launch_ = declared->launch;
    if (!launch_) throw std::runtime_error(at + " has no launch");
    in_ = transfers(declared->in, declared->in_count, at + " in");
    out_ = transfers(declared->out, declared->out_count, at + " out");
    if (out_.empty()) throw std::runtime_error(at + " has no out: nothing to copy back and verify");
  }

  const std::vector<DeviceTransfer>& in() const override { return in_; }
  const std::vector<DeviceTransfer>& out() const override { return out_; }

  void launch(void* stream) override {
    Message why;
    if (launch_(state_->get(), stream, why.get()) != ACCELLAB_OK)
      throw std::runtime_error(why.text("its launch failed and said nothing"));
  }

  void poisonHost() override { state_->poison(); }
  Verification verify() const override { return state_->verify(); }
  std::vector<ReportedValue> reportedValues() const override { return state_->reportedValues(); }

 private:
  static std::vector<DeviceTransfer> transfers(const accellab_transfer* list, std::uint32_t count,
                                               const std::string& at) {
    if (count > 0 && !list) throw std::runtime_error(at + " is null");
    std::vector<DeviceTransfer> checked;
    for (std::uint32_t i = 0; i < count; ++i) {
      const accellab_transfer& t = list[i];
      const std::string which = at + "[" + std::to_string(i) + "]";
      if (!t.device || !t.host) throw std::runtime_error(which + " has a null pointer");
      if (t.bytes == 0) throw std::runtime_error(which + " copies 0 bytes");
      checked.push_back({t.device, t.host, t.bytes});
    }
    return checked;
  }

  std::unique_ptr<PluginState> state_;
  accellab_status (*launch_)(void*, void*, accellab_message*) = nullptr;
  std::vector<DeviceTransfer> in_;
  std::vector<DeviceTransfer> out_;
};

Availability deviceAvailability(const PluginDevices* devices) {
  return devices ? devices->availability()
                 : Availability::no("this program runs no device variants of plugins");
}

class PluginKernel : public Kernel {
 public:
  PluginKernel(std::shared_ptr<const SharedLibrary> library, Declaration declaration,
               PluginIdentity plugin, std::shared_ptr<const PluginDevices> devices)
      : library_(std::move(library)),
        declaration_(std::move(declaration)),
        devices_(std::move(devices)) {
    const accellab_kernel& kernel = declaration_->kernel;
    info_.name = kernel.name;
    info_.plugin = std::move(plugin);
    info_.description = kernel.description;
    info_.problem = ProblemKind::parameters;
    for (const accellab_param& p : declaration_->params)
      info_.parameters.push_back({p.name, p.description, p.default_value, p.min, p.max, {}});
    if (kernel.dtypes & ACCELLAB_F64) info_.dtypes.push_back(DType::f64);
    if (kernel.dtypes & ACCELLAB_F32) info_.dtypes.push_back(DType::f32);
    for (const accellab_variant& v : declaration_->variants) {
      const bool onDevice = v.on_device != 0;
      info_.variants.push_back(
          {.name = v.name,
           .description = v.description,
           .usesThreads = v.uses_threads != 0,
           .onDevice = onDevice,
           .availability = onDevice ? deviceAvailability(devices_.get()) : Availability::yes()});
    }
    for (const accellab_value& v : declaration_->values)
      info_.reportedValues.push_back({v.name, v.unit, v.description});
    info_.intensityNote = kernel.work_note ? kernel.work_note : "";
  }

  const KernelInfo& info() const override { return info_; }

  Workload workload(const Params& params) const override {
    const Problem problem = problemOf(info_, params, 1, -1);
    const accellab_work work = abi().work(&problem.abi);
    return {work.elements, work.bytes, work.flops};
  }

  // A device variant's bytes are on the device, and its host side holds as many.
  MemoryNeed memoryNeed(const Params& params, std::string_view variant) const override {
    const bool onDevice = isOnDevice(variant);
    const Problem problem = problemOf(info_, params, 1, deviceFor(onDevice));
    const std::uint64_t bytes = abi().memory_bytes(&problem.abi, std::string(variant).c_str());
    return {bytes, onDevice ? bytes : 0};
  }

  std::unique_ptr<KernelRun> prepare(const Params& params, std::string_view variant,
                                     const PrepareOptions& options) const override {
    const bool onDevice = isOnDevice(variant);
    if (onDevice) {
      if (const Availability here = deviceAvailability(devices_.get()); !here.available)
        throw PointSkipped(here.reason);
      devices_->select();
    }
    const Problem problem = problemOf(info_, params, options.threads, deviceFor(onDevice));
    void* prepared = nullptr;
    Message why;
    switch (abi().prepare(&problem.abi, std::string(variant).c_str(), &prepared, why.get())) {
      case ACCELLAB_OK:
        break;
      case ACCELLAB_SKIPPED:
        throw PointSkipped(why.text("not applicable here, it says"));
      default:
        throw std::runtime_error(why.text("its prepare failed and said nothing"));
    }
    auto state = std::make_unique<PluginState>(library_, declaration_, prepared);
    if (!onDevice) return std::make_unique<PluginRun>(std::move(state));
    return devices_->run(std::make_unique<PluginWork>(std::move(state), std::string(variant)));
  }

 private:
  const accellab_kernel& abi() const { return declaration_->kernel; }
  // The CUDA ordinal a point of a device variant gets; -1 on the host, and where this program
  // runs no device variants (a memory estimate may still be asked for).
  int deviceFor(bool onDevice) const { return onDevice && devices_ ? devices_->device() : -1; }
  bool isOnDevice(std::string_view variant) const {
    const VariantInfo* v = info_.variant(variant);
    return v && v->onDevice;
  }

  std::shared_ptr<const SharedLibrary> library_;
  Declaration declaration_;
  std::shared_ptr<const PluginDevices> devices_;
  KernelInfo info_;
};

}  // namespace

SharedLibrary::~SharedLibrary() {
  if (entry_ && entry_->deinit) entry_->deinit();
  ::dlclose(handle_);
}

std::unique_ptr<Kernel> makePluginKernel(std::shared_ptr<const SharedLibrary> library,
                                         KernelDeclaration declaration, PluginIdentity plugin,
                                         std::shared_ptr<const PluginDevices> devices) {
  return std::make_unique<PluginKernel>(
      std::move(library), std::make_shared<const KernelDeclaration>(std::move(declaration)),
      std::move(plugin), std::move(devices));
}

}  // namespace accellab::detail
