// AccelLab's plugin ABI in C++ (C++17 or later), header only: a kernel as a struct of
// std::strings, vectors and lambdas, each prepared point as an object of yours, failures as
// exceptions. It builds plugin.h's C structs once, when AccelLab calls init, and turns every
// exception into a status and a message at the boundary: nothing else crosses it.
//
//   struct MyRun : accellab::plugin::Run { ... };
//   std::vector<accellab::plugin::Kernel> myKernels() { return {{ ... }}; }
//   ACCELLAB_PLUGIN("my-kernels", "1.0.0", myKernels)
//
// docs/plugins.md ("In C++") walks through it.
#ifndef ACCELLAB_PLUGIN_HPP
#define ACCELLAB_PLUGIN_HPP

#include <array>
#include <cstdint>
#include <exception>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "accellab/plugin.h"

namespace accellab::plugin {

// Thrown by prepare: this variant does not apply here (no device, a library missing); the
// point is skipped with the message.
struct Skip : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// Thrown by run once stop.requested() said yes.
struct Cancelled {};

struct Param {
  std::string name;  // a plain lower-case word: "n"
  std::string description;
  std::uint64_t default_value = 1;
  std::uint64_t min = 1, max = 1;
};

struct Variant {
  std::string name;  // "loop", "parallel", "gpu"
  std::string description;
  accellab_variant_kind kind = ACCELLAB_SCALAR;
  bool uses_threads = false;
  bool on_device = false;
};

struct Value {
  std::string name;  // "error"
  std::string unit;  // "eps"; "" for a plain count
  std::string description;
};

struct Kernel;

// One point's problem.
class Problem {
 public:
  Problem(const accellab_problem& abi, const Kernel& kernel) : abi_(abi), kernel_(kernel) {}
  std::uint64_t param(std::string_view name) const;  // throws std::out_of_range: not declared
  bool f32() const { return abi_.dtype == ACCELLAB_F32; }
  std::size_t element_size() const { return f32() ? 4 : 8; }
  std::uint64_t seed() const { return abi_.seed; }
  unsigned threads() const { return abi_.threads; }
  // The CUDA ordinal of a device variant's point, already current; -1 on the host.
  int device() const {
    return ACCELLAB_HAS_FIELD(&abi_, accellab_problem, device) ? abi_.device : -1;
  }
  const accellab_problem& abi() const { return abi_; }

 private:
  const accellab_problem& abi_;
  const Kernel& kernel_;
};

// The stop request of the point being measured.
class Stop {
 public:
  explicit Stop(const accellab_stop& abi) : abi_(abi) {}
  bool requested() const { return abi_.requested(abi_.host_data) != 0; }

 private:
  const accellab_stop& abi_;
};

struct Check {
  bool ok = false;
  std::string detail;  // "max |error| 2e-7, tolerance 1e-6"
};

// A device variant's copies (plugin.h's accellab_device_work): `in` before the launch, `out`
// after it; the transfers' memory is the Run's.
struct Transfers {
  std::vector<accellab_transfer> in;
  std::vector<accellab_transfer> out;
};

// One prepared point: its constructor (in the kernel's prepare) allocates and fills, its
// destructor frees. Throw std::exception (or anything) from any member to fail the point
// with what() as the reason.
class Run {
 public:
  virtual ~Run() = default;
  // Writes into the output a value no correct run produces. Untimed.
  virtual void poison() = 0;
  // A host variant's timed work; poll stop.requested() in long work and throw Cancelled{}.
  virtual void run(const Stop& stop) {
    (void)stop;
    throw std::logic_error("this variant has no run (a device variant launches)");
  }
  // A device variant's copies, asked for once after prepare, and its launch: queue one run on
  // `stream` (a cudaStream_t), no waiting.
  virtual Transfers transfers() { return {}; }
  virtual void launch(void* stream) {
    (void)stream;
    throw std::logic_error("this variant has no launch (a host variant runs)");
  }
  virtual Check verify() = 0;
  // The kernel's declared values, in order, once the point is verified; NaN: none this time.
  virtual std::vector<double> values() { return {}; }
};

struct Kernel {
  std::string name;  // a plain name no other kernel has
  std::string description;
  std::vector<Param> params;  // at least one
  std::uint32_t dtypes = 0;   // ACCELLAB_F32 | ACCELLAB_F64, or 0
  std::vector<Variant> variants;
  std::string work_note;      // "2 FLOPs and 12 bytes per element (f32)"
  std::vector<Value> values;  // what Run::values returns, in this order
  std::function<accellab_work(const Problem&)> work;
  // Bytes a variant's state holds (on the device, for a device variant).
  std::function<std::uint64_t(const Problem&, std::string_view variant)> memory_bytes;
  std::function<std::unique_ptr<Run>(const Problem&, std::string_view variant)> prepare;
};

inline std::uint64_t Problem::param(std::string_view name) const {
  for (std::size_t i = 0; i < kernel_.params.size() && i < abi_.param_count; ++i)
    if (kernel_.params[i].name == name) return abi_.params[i];
  throw std::out_of_range("kernel '" + kernel_.name + "' declares no parameter '" +
                          std::string(name) + "'");
}

namespace detail {

// The kernels of one plugin have a C callback each for work, memory_bytes and prepare, which
// take no kernel: one instantiation per index tells them apart.
inline constexpr std::size_t kMaxKernels = 16;

// What a state pointer is: the Run, and the device work it described.
struct State {
  std::unique_ptr<Run> run;
  std::size_t valueCount = 0;  // the kernel's declared values
  Transfers transfers;
  accellab_device_work work{};
};

// The plugin as plugin.h's structs, pointing into the Kernels it was built from.
struct Built {
  std::string name, version;
  std::vector<Kernel> kernels;
  std::vector<std::vector<accellab_param>> params;
  std::vector<std::vector<accellab_variant>> variants;
  std::vector<std::vector<accellab_value>> values;
  std::vector<accellab_kernel> abi;
  accellab_plugin plugin{};
  const accellab_host* host = nullptr;
};

inline std::optional<Built>& built() {
  static std::optional<Built> plugin;
  return plugin;
}

inline void log(const std::string& line) {
  const accellab_host* host = built() ? built()->host : nullptr;
  if (host) host->log(host->host_data, line.c_str());
}

// Runs `body`, turning what it throws into a status and `why`.
template <class Body>
accellab_status guarded(accellab_message* why, Body&& body) {
  try {
    body();
    return ACCELLAB_OK;
  } catch (const Skip& skip) {
    accellab_say(why, skip.what());
    return ACCELLAB_SKIPPED;
  } catch (const Cancelled&) {
    return ACCELLAB_CANCELLED;
  } catch (const std::exception& error) {
    accellab_say(why, error.what());
  } catch (...) {
    accellab_say(why, "an exception that is no std::exception");
  }
  return ACCELLAB_FAILED;
}

template <std::size_t I>
accellab_work work(const accellab_problem* problem) {
  const Kernel& kernel = built()->kernels[I];
  try {
    return kernel.work(Problem(*problem, kernel));
  } catch (const std::exception& error) {
    log("kernel '" + kernel.name + "' work: " + error.what());
  } catch (...) {
    log("kernel '" + kernel.name + "' work threw");
  }
  return {0, 0, 0};
}

template <std::size_t I>
std::uint64_t memoryBytes(const accellab_problem* problem, const char* variant) {
  const Kernel& kernel = built()->kernels[I];
  try {
    return kernel.memory_bytes(Problem(*problem, kernel), variant);
  } catch (...) {
    log("kernel '" + kernel.name + "' memory_bytes threw: the memory guard sees too much");
  }
  return std::numeric_limits<std::uint64_t>::max();
}

template <std::size_t I>
accellab_status prepare(const accellab_problem* problem, const char* variant, void** state,
                        accellab_message* why) {
  return guarded(why, [&] {
    const Kernel& kernel = built()->kernels[I];
    auto prepared = std::make_unique<State>();
    prepared->run = kernel.prepare(Problem(*problem, kernel), variant);
    prepared->valueCount = kernel.values.size();
    if (!prepared->run) throw std::runtime_error("its prepare made no run");
    *state = prepared.release();
  });
}

inline State& of(void* state) { return *static_cast<State*>(state); }

inline void poison(void* state) {
  try {
    of(state).run->poison();
  } catch (...) {
    log("poison threw: the output may hold a previous run's result");
  }
}

inline accellab_status run(void* state, const accellab_stop* stop, accellab_message* why) {
  return guarded(why, [&] { of(state).run->run(Stop(*stop)); });
}

inline accellab_status verify(void* state, int* ok, accellab_message* detail) {
  return guarded(detail, [&] {
    const Check check = of(state).run->verify();
    *ok = check.ok ? 1 : 0;
    accellab_say(detail, check.detail.c_str());
  });
}

inline void release(void* state) { delete static_cast<State*>(state); }

inline accellab_status launch(void* state, void* stream, accellab_message* why) {
  return guarded(why, [&] { of(state).run->launch(stream); });
}

inline const accellab_device_work* deviceWork(void* state) {
  State& s = of(state);
  try {
    s.transfers = s.run->transfers();
  } catch (const std::exception& error) {
    log(std::string("transfers threw: ") + error.what());
    return nullptr;
  } catch (...) {
    return nullptr;
  }
  s.work = {sizeof(accellab_device_work),
            s.transfers.in.data(),
            static_cast<std::uint32_t>(s.transfers.in.size()),
            s.transfers.out.data(),
            static_cast<std::uint32_t>(s.transfers.out.size()),
            launch};
  return &s.work;
}

inline accellab_status reportValues(void* state, double* out, accellab_message* why) {
  return guarded(why, [&] {
    const std::vector<double> values = of(state).run->values();
    if (values.size() > of(state).valueCount)
      throw std::length_error("values() returned " + std::to_string(values.size()) +
                              " numbers, its kernel declares " +
                              std::to_string(of(state).valueCount));
    for (std::size_t i = 0; i < values.size(); ++i) out[i] = values[i];
  });
}

template <std::size_t... I>
constexpr auto perKernel(std::index_sequence<I...>) {
  using Work = accellab_work (*)(const accellab_problem*);
  using Memory = std::uint64_t (*)(const accellab_problem*, const char*);
  using Prepare =
      accellab_status (*)(const accellab_problem*, const char*, void**, accellab_message*);
  return std::make_tuple(std::array<Work, sizeof...(I)>{work<I>...},
                         std::array<Memory, sizeof...(I)>{memoryBytes<I>...},
                         std::array<Prepare, sizeof...(I)>{prepare<I>...});
}

inline const accellab_plugin* init(const accellab_host* host, const char* name, const char* version,
                                   std::vector<Kernel> (*kernels)()) {
  try {
    Built& plugin = built().emplace();
    plugin.host = host;
    plugin.name = name;
    plugin.version = version;
    plugin.kernels = kernels();
    if (plugin.kernels.size() > kMaxKernels) {
      log("declares " + std::to_string(plugin.kernels.size()) + " kernels, plugin.hpp takes " +
          std::to_string(kMaxKernels));
      built().reset();
      return nullptr;
    }
    static constexpr auto callbacks = perKernel(std::make_index_sequence<kMaxKernels>());
    for (std::size_t k = 0; k < plugin.kernels.size(); ++k) {
      const Kernel& kernel = plugin.kernels[k];
      auto& params = plugin.params.emplace_back();
      for (const Param& p : kernel.params)
        params.push_back({sizeof(accellab_param), p.name.c_str(), p.description.c_str(),
                          p.default_value, p.min, p.max});
      auto& variants = plugin.variants.emplace_back();
      bool onDevice = false;
      for (const Variant& v : kernel.variants) {
        variants.push_back({sizeof(accellab_variant), v.name.c_str(), v.description.c_str(),
                            static_cast<std::uint32_t>(v.kind), v.uses_threads ? 1u : 0u,
                            v.on_device ? 1u : 0u});
        onDevice = onDevice || v.on_device;
      }
      auto& values = plugin.values.emplace_back();
      for (const Value& v : kernel.values)
        values.push_back(
            {sizeof(accellab_value), v.name.c_str(), v.unit.c_str(), v.description.c_str()});
      plugin.abi.push_back({sizeof(accellab_kernel),
                            kernel.name.c_str(),
                            kernel.description.c_str(),
                            params.data(),
                            static_cast<std::uint32_t>(params.size()),
                            kernel.dtypes,
                            variants.data(),
                            static_cast<std::uint32_t>(variants.size()),
                            kernel.work_note.empty() ? nullptr : kernel.work_note.c_str(),
                            std::get<0>(callbacks)[k],
                            std::get<1>(callbacks)[k],
                            std::get<2>(callbacks)[k],
                            poison,
                            run,
                            verify,
                            release,
                            onDevice ? deviceWork : nullptr,
                            values.empty() ? nullptr : values.data(),
                            static_cast<std::uint32_t>(values.size()),
                            values.empty() ? nullptr : reportValues});
    }
    plugin.plugin = {sizeof(accellab_plugin), plugin.name.c_str(), plugin.version.c_str(),
                     plugin.abi.data(), static_cast<std::uint32_t>(plugin.abi.size())};
    return &plugin.plugin;
  } catch (const std::exception& error) {
    log(std::string("its kernels could not be declared: ") + error.what());
  } catch (...) {
    log("its kernels could not be declared");
  }
  built().reset();
  return nullptr;
}

inline void deinit() { built().reset(); }

}  // namespace detail
}  // namespace accellab::plugin

// The plugin's one exported symbol: NAME and VERSION (string literals) and KERNELS, a function
// returning std::vector<accellab::plugin::Kernel>, called once, when AccelLab loads the plugin.
#define ACCELLAB_PLUGIN(NAME, VERSION, KERNELS)                                    \
  static const accellab_plugin* accellab_plugin_init_(const accellab_host* host) { \
    return ::accellab::plugin::detail::init(host, NAME, VERSION, KERNELS);         \
  }                                                                                \
  extern "C" ACCELLAB_PLUGIN_EXPORT const accellab_entry accellab_plugin_entry {   \
    sizeof(accellab_entry), ACCELLAB_PLUGIN_ABI_MAJOR, ACCELLAB_PLUGIN_ABI_MINOR,  \
        accellab_plugin_init_, ::accellab::plugin::detail::deinit                  \
  }

#endif  // ACCELLAB_PLUGIN_HPP
