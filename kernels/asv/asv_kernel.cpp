#include "asv_kernel.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <iterator>
#include <optional>

#include <nlohmann/json.hpp>

#include "accellab/child_process.h"
#include "accellab/format.h"
#include "accellab/session.h"
#include "python/python_child.h"

namespace accellab::kernels {
namespace {

// The child bounds every call of the user's code by the benchmark's timeout and ends itself
// past it (faulthandler prints where it was); with no timeout set there is no bound but a stop.
constexpr std::chrono::hours kNoTimeout{24 * 365};
constexpr std::chrono::seconds kSendTimeout{30};
constexpr double kMaxTimeS = 86400;

std::optional<std::uint64_t> integerRepr(const std::string& repr) {
  std::uint64_t value = 0;
  const char* end = repr.data() + repr.size();
  const auto [stop, error] = std::from_chars(repr.data(), end, value);
  if (repr.empty() || error != std::errc() || stop != end) return std::nullopt;
  return value;
}

// A parameter name as the command line writes it ("n=1000"): lower case, plain.
std::string paramName(const std::string& asvName) {
  std::string name = plainNameFor(asvName);
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return name;
}

// One axis of a group: the union of its benchmarks' values, as numbers when every value is a
// non-negative integer, else as indices into their reprs.
ParamSpec axisOf(const std::string& name, const std::vector<const AsvBenchmark*>& members,
                 std::size_t axis) {
  std::vector<std::string> reprs;
  for (const AsvBenchmark* benchmark : members)
    for (const std::string& repr : benchmark->params[axis])
      if (std::find(reprs.begin(), reprs.end(), repr) == reprs.end()) reprs.push_back(repr);
  ParamSpec spec;
  spec.name = paramName(name);
  const bool numeric =
      std::ranges::all_of(reprs, [](const std::string& r) { return integerRepr(r).has_value(); });
  if (numeric) {
    for (const std::string& repr : reprs) spec.values.push_back(*integerRepr(repr));
    std::sort(spec.values.begin(), spec.values.end());
    spec.description = "asv parameter '" + name + "'";
  } else {
    spec.description = "asv parameter '" + name + "', by index:";
    for (std::size_t i = 0; i < reprs.size(); ++i) {
      spec.values.push_back(i);
      spec.description += (i ? ", " : " ") + std::to_string(i) + " = " + reprs[i];
    }
    spec.labels = reprs;
  }
  spec.min = spec.values.front();
  spec.max = spec.values.back();
  spec.defaultValue = spec.values.front();
  return spec;
}

VariantInfo variantOf(const AsvBenchmark& benchmark, const std::filesystem::path& file) {
  std::string description = !benchmark.prettyName.empty() ? benchmark.prettyName
                            : !benchmark.doc.empty()      ? benchmark.doc
                                                          : benchmark.name;
  description += " (" + file.filename().string() + ":" + std::to_string(benchmark.line) + ")";
  if (benchmark.reference) description += "; the reference";
  if (!benchmark.device.empty())
    description += "; on the GPU, timed with " + benchmark.device + "'s CUDA events";
  if (!benchmark.threads.empty())
    description += "; on the point's threads (" + benchmark.threads + ".set_num_threads)";
  return {.name = plainNameFor(benchmark.name),
          .description = std::move(description),
          .usesThreads = !benchmark.threads.empty(),
          .onDevice = false,
          .availability = Availability::yes()};
}

// The threads a prepare's reply says a threaded variant runs on; none for the others.
std::optional<int> threadsOf(const nlohmann::json& reply) {
  const auto threads = reply.find("threads");
  if (threads == reply.end() || !threads->is_number_integer()) return std::nullopt;
  return threads->get<int>();
}

// asv's `repeat` as the prepare reply gives it (read after setup, which may change it): a
// count of samples, or [min, max, max_time]; 0, asv's default, leaves it to the run's
// settings. Throws on a value asv would not take either.
std::optional<OwnRepetitions> repetitionsOf(const nlohmann::json& reply) {
  const auto repeat = reply.find("repeat");
  if (repeat == reply.end() || (repeat->is_number_integer() && repeat->get<long long>() == 0))
    return std::nullopt;
  constexpr double kMostSamples = 1e9;
  const auto count = [&](const nlohmann::json& value) -> std::optional<std::size_t> {
    if (!value.is_number()) return std::nullopt;
    const double number = value.get<double>();
    if (!(number >= 1 && number <= kMostSamples) || number != std::floor(number))
      return std::nullopt;
    return static_cast<std::size_t>(number);
  };
  if (const auto samples = count(*repeat))
    return OwnRepetitions{.minReps = *samples,
                          .maxReps = *samples,
                          .minTimeS = 0,
                          .origin = "repeat = " + std::to_string(*samples)};
  if (repeat->is_array() && repeat->size() == 3) {
    const auto least = count((*repeat)[0]);
    const auto most = count((*repeat)[1]);
    const nlohmann::json& time = (*repeat)[2];
    if (least && most && *least <= *most && time.is_number() && time.get<double>() >= 0 &&
        time.get<double>() <= kMaxTimeS)
      return OwnRepetitions{.minReps = *least,
                            .maxReps = *most,
                            .minTimeS = time.get<double>(),
                            .origin = "repeat = (" + std::to_string(*least) + ", " +
                                      std::to_string(*most) + ", " +
                                      formatValue(time.get<double>(), ValueKind::duration) + ")"};
  }
  throw std::runtime_error("repeat = " + repeat->dump() +
                           " is neither a count of samples (1 to 1e9) nor (min, max, max_time) "
                           "with 1 <= min <= max and max_time in seconds, up to a day");
}

// One field of a reply of the child's; the point's failure where the reply is not the child's.
template <typename T>
T field(const nlohmann::json& reply, const char* key) {
  try {
    return reply.at(key).get<T>();
  } catch (const nlohmann::json::exception& malformed) {
    throw std::runtime_error(notAReply(malformed));
  }
}

// What the child's reply says, or why it could not say it.
nlohmann::json replyOf(const std::string& line) {
  nlohmann::json reply = nlohmann::json::parse(line, nullptr, false);
  if (reply.is_discarded() || !reply.is_object())
    throw std::runtime_error("the Python child replied '" + line.substr(0, 200) + "'");
  if (const auto failed = reply.find("error"); failed != reply.end())
    throw std::runtime_error(childError(failed->get<std::string>(),
                                        reply.value("traceback", std::vector<std::string>{})));
  if (const auto skipped = reply.find("skipped"); skipped != reply.end())
    throw PointSkipped(skipped->get<std::string>());
  return reply;
}

// The frames of the user's code in faulthandler's traceback, innermost first, as
// "File "/home/me/bench.py", line 12 in time_x | …": the child's own frames (it runs as
// `python -c`, so they are "<string>"'s) left out. Empty when there are none.
std::string userFrames(const std::string& errors) {
  std::string frames;
  std::size_t count = 0;
  for (std::size_t at = 0; at < errors.size() && count < 4;) {
    const std::size_t end = std::min(errors.find('\n', at), errors.size());
    const std::string line = errors.substr(at, end - at);
    at = end + 1;
    const std::size_t file = line.find("File \"");
    if (file == std::string::npos || line.find("File \"<string>\"") != std::string::npos) continue;
    frames += (count++ ? " | " : "") + line.substr(file);
  }
  return frames;
}

// The child died or ended itself: past the benchmark's timeout (faulthandler's "Timeout"),
// or by a crash of the interpreter; faulthandler's traceback says where.
[[noreturn]] void childDied(const ChildGone& gone, std::optional<double> timeoutS) {
  const std::string& errors = gone.stderrTail();
  const std::string where = userFrames(errors);
  if (timeoutS && errors.find("Timeout (") != std::string::npos)
    throw std::runtime_error("timed out: a call ran past the benchmark's timeout of " +
                             formatValue(*timeoutS, ValueKind::duration) +
                             "; where it was: " + (where.empty() ? lastLines(errors, 4) : where));
  if (!where.empty()) throw std::runtime_error("the Python child " + gone.how() + " in " + where);
  throw std::runtime_error(
      "the Python child " + gone.how() +
      (errors.empty() ? std::string() : "; last lines on stderr: " + lastLines(errors, 6)));
}

class AsvRun : public KernelRun {
 public:
  // `reference`: the benchmark the kernel's outputs are checked against, from the listing
  // (null: none declared, so the child says the point is not verified).
  // `threadsWorked`: what the library of a threaded variant says it runs on.
  // `repetitions`: the benchmark's own `repeat`, if it sets one.
  AsvRun(std::unique_ptr<PythonChild> child, double firstCallS, std::optional<double> timeoutS,
         nlohmann::json reference, std::optional<int> threadsWorked,
         std::optional<OwnRepetitions> repetitions, std::stop_token stop)
      : child_(std::move(child)),
        firstCallS_(firstCallS),
        timeoutS_(timeoutS),
        reference_(std::move(reference)),
        threadsWorked_(threadsWorked),
        repetitions_(std::move(repetitions)),
        stop_(stop) {}

  std::optional<OwnRepetitions> repetitions() const override { return repetitions_; }

  void poisonOutput() override {}  // a benchmark returns nothing: there is no output

  RunOutcome run(std::stop_token stop) override {
    // The first call was made, and timed, by the child as it prepared: that is the run the
    // runner keeps apart as the first call.
    if (const auto first = std::exchange(firstCallS_, std::nullopt))
      return {.cancelled = false,
              .timedS = *first,
              .gpu = {},
              .threadsWorked = threadsWorked_,
              .cpuS = {},
              .madeEarlier = true};
    if (!child_) return {.cancelled = true, .timedS = {}, .gpu = {}};
    std::optional<std::string> line;
    try {
      if (child_->send(R"({"op": "run"})", stop, kSendTimeout))
        line = child_->receive(stop, kNoTimeout);
    } catch (const ChildGone& gone) {
      child_.reset();
      childDied(gone, timeoutS_);
    }
    if (!line) {
      child_.reset();  // stopped mid-call: the child was killed
      return {.cancelled = true, .timedS = {}, .gpu = {}};
    }
    const nlohmann::json reply = replyOf(*line);
    const auto cpu = reply.find("cpu_seconds");
    return {.cancelled = false,
            .timedS = field<double>(reply, "seconds"),
            .gpu = {},
            .threadsWorked = threadsWorked_,
            .cpuS = cpu != reply.end() && cpu->is_number() ? std::optional(cpu->get<double>())
                                                           : std::nullopt};
  }

  // The child compares the variant's output with its kernel's reference's (docs/python.md);
  // a benchmark of no declared kernel, or one whose reference returns nothing, is not checked.
  Verification verify() const override {
    if (!child_) throw std::runtime_error("the Python child is gone: nothing to verify");
    std::optional<std::string> line;
    try {
      const nlohmann::json request = {{"op", "verify"}, {"reference", reference_}};
      if (child_->send(request.dump(), stop_, kSendTimeout))
        line = child_->receive(stop_, kNoTimeout);
    } catch (const ChildGone& gone) {
      childDied(gone, timeoutS_);
    }
    if (!line) throw std::runtime_error("stopped while the Python child verified");
    const nlohmann::json reply = replyOf(*line);
    return {.ok = field<bool>(reply, "ok"),
            .detail = field<std::string>(reply, "detail"),
            .fingerprint = std::nullopt,
            .checked = field<bool>(reply, "checked")};
  }

 private:
  std::unique_ptr<PythonChild> child_;
  std::optional<double> firstCallS_;
  std::optional<double> timeoutS_;
  nlohmann::json reference_;
  std::optional<int> threadsWorked_;
  std::optional<OwnRepetitions> repetitions_;
  std::stop_token stop_;
};

class AsvKernel : public Kernel {
 public:
  // `declared`: what the accellab module says of the kernel (its work, its reference, which
  // --bench may have left out of `benchmarks` and is still compared with); empty for asv's.
  AsvKernel(KernelInfo info, std::vector<AsvBenchmark> benchmarks,
            std::vector<std::string> axisNames, AsvDeclaredKernel declared,
            std::filesystem::path file, std::string interpreter)
      : info_(std::move(info)),
        benchmarks_(std::move(benchmarks)),
        axisNames_(std::move(axisNames)),
        work_(std::move(declared.work)),
        reference_(std::move(declared.reference)),
        file_(std::move(file)),
        interpreter_(std::move(interpreter)) {}

  const KernelInfo& info() const override { return info_; }
  // Plain asv declares no work (time per call only); an accellab.Kernel may.
  Workload workload(const Params& params) const override {
    if (work_.empty()) return {};
    std::vector<std::string> reprs;
    for (const ParamSpec& spec : info_.parameters) reprs.push_back(reprOf(spec, params));
    const auto at = std::ranges::find(work_, reprs, &AsvWork::params);
    if (at == work_.end()) return {};
    return {.elements = at->elements, .bytes = at->bytes, .flops = at->flops};
  }
  MemoryNeed memoryNeed(const Params&, std::string_view) const override { return {}; }

  std::unique_ptr<KernelRun> prepare(const Params& params, std::string_view variant,
                                     const PrepareOptions& options) const override {
    const auto benchmark =
        std::find_if(benchmarks_.begin(), benchmarks_.end(),
                     [&](const AsvBenchmark& b) { return plainNameFor(b.name) == variant; });
    if (benchmark == benchmarks_.end())
      throw std::logic_error(info_.name + " has no benchmark " + std::string(variant));
    nlohmann::json request = {{"op", "prepare"},
                              {"file", file_.string()},
                              {"benchmark", benchmark->name},
                              {"params", reprsFor(*benchmark, params)}};
    if (!benchmark->threads.empty()) request["threads"] = options.threads;
    auto child = asvChild(interpreter_);
    std::optional<std::string> line;
    try {
      if (child->send(request.dump(), options.stop, kSendTimeout))
        line = child->receive(options.stop, kNoTimeout);
    } catch (const ChildGone& gone) {
      childDied(gone, benchmark->timeoutS);
    }
    if (!line) throw std::runtime_error("stopped while the Python child prepared");
    const nlohmann::json reply = replyOf(*line);
    if (reply.value("sha256", std::string()) != info_.plugin->sha256)
      throw std::runtime_error(file_.string() +
                               " changed since it was listed (its SHA-256 differs): list it again");
    return std::make_unique<AsvRun>(
        std::move(child), field<double>(reply, "first_call_s"), benchmark->timeoutS,
        reference_.empty() ? nlohmann::json() : nlohmann::json(reference_), threadsOf(reply),
        repetitionsOf(reply), options.stop);
  }

 private:
  std::string reprOf(const ParamSpec& spec, const Params& params) const {
    const std::uint64_t value = paramOf(info_, params, spec.name);
    return spec.labels.empty() ? std::to_string(value) : spec.labels.at(value);
  }

  // The point's value of each axis as the benchmark names it (its repr), or why it has none.
  std::vector<std::string> reprsFor(const AsvBenchmark& benchmark, const Params& params) const {
    std::vector<std::string> reprs;
    for (std::size_t axis = 0; axis < info_.parameters.size(); ++axis) {
      const std::string repr = reprOf(info_.parameters[axis], params);
      const std::vector<std::string>& own = benchmark.params[axis];
      if (std::find(own.begin(), own.end(), repr) == own.end()) {
        std::string listed;
        for (const std::string& r : own) listed += (listed.empty() ? "" : ", ") + r;
        throw PointSkipped(benchmark.name + " has no " + axisNames_[axis] + "=" + repr +
                           " among its params (" + listed + ")");
      }
      reprs.push_back(repr);
    }
    return reprs;
  }

  KernelInfo info_;
  std::vector<AsvBenchmark> benchmarks_;
  std::vector<std::string> axisNames_;  // asv's own names, for messages
  std::vector<AsvWork> work_;           // an accellab.Kernel's, by its parameters' reprs
  std::string reference_;               // its reference benchmark; empty: none
  std::filesystem::path file_;
  std::string interpreter_;
};

}  // namespace

std::vector<std::unique_ptr<Kernel>> makeAsvKernels(
    const AsvListing& listing, const std::string& interpreter,
    const std::function<bool(const std::string&)>& chosen) {
  const auto taken = [&](const std::string& name) { return !chosen || chosen(name); };
  // The groups in the file's order: the kernels the accellab module declares, then the
  // benchmarks of none, by their axes' names.
  struct Group {
    const AsvDeclaredKernel* declared = nullptr;
    std::vector<std::string> axes;
    std::vector<const AsvBenchmark*> all;
  };
  std::vector<Group> groups;
  for (const AsvBenchmark& benchmark : listing.benchmarks) {
    const auto declared =
        std::ranges::find(listing.kernels, benchmark.kernel, &AsvDeclaredKernel::name);
    const AsvDeclaredKernel* kernel =
        benchmark.kernel.empty() || declared == listing.kernels.end() ? nullptr : &*declared;
    auto group = std::ranges::find_if(groups, [&](const Group& g) {
      return kernel ? g.declared == kernel : !g.declared && g.axes == benchmark.paramNames;
    });
    if (group == groups.end())
      group = groups.insert(groups.end(), {kernel, benchmark.paramNames, {}});
    // The reference first: it is the baseline of the speedups (the first variant).
    if (benchmark.reference)
      group->all.insert(group->all.begin(), &benchmark);
    else
      group->all.push_back(&benchmark);
  }
  if (groups.empty() && !listing.notMeasured.empty()) groups.emplace_back();
  const auto undeclared = std::ranges::count(groups, nullptr, &Group::declared);
  const PluginIdentity identity =
      pythonFileIdentity(listing.file, listing.sha256, listing.interpreter);
  const std::string& stem = identity.name;  // the file's module name, plain
  std::vector<std::unique_ptr<Kernel>> kernels;
  bool first = true;
  for (const Group& group : groups) {
    // The parameters are the whole group's, so that a kernel is the same whichever of its
    // benchmarks a run takes.
    std::vector<const AsvBenchmark*> members;
    std::ranges::copy_if(group.all, std::back_inserter(members),
                         [&](const AsvBenchmark* b) { return taken(b->name); });
    std::vector<const AsvSkipped*> skipped;
    if (std::exchange(first, false))
      for (const AsvSkipped& s : listing.notMeasured)
        if (taken(s.name)) skipped.push_back(&s);
    if (members.empty() && skipped.empty()) continue;
    KernelInfo info;
    std::string suffix;
    for (const std::string& axis : group.axes) suffix += "-" + paramName(axis);
    info.name = group.declared    ? plainNameFor(group.declared->name)
                : undeclared == 1 ? stem
                                  : plainNameFor(stem + (group.axes.empty() ? "-plain" : suffix));
    info.problem = ProblemKind::parameters;
    info.plugin = identity;
    if (group.declared) {
      info.description = "kernel " + group.declared->name + " of " +
                         listing.file.filename().string() +
                         (group.declared->reference.empty()
                              ? std::string(", no reference: its outputs are not compared")
                              : ", checked against " + group.declared->reference);
      info.intensityNote = group.declared->work.empty()
                               ? "kernel " + group.declared->name + " declares no work"
                               : "as kernel " + group.declared->name + "'s work function in " +
                                     listing.file.filename().string() + " declares it";
    } else {
      info.description = "asv benchmarks of " + listing.file.filename().string();
      info.intensityNote = "asv benchmarks declare no work: time per call only";
      // Sharing their axes does not make them the same work: only an accellab.Kernel's
      // variants have speedups over one another.
      info.unrelatedVariants = true;
    }
    std::vector<AsvBenchmark> benchmarks;
    for (const AsvBenchmark* benchmark : members) {
      info.variants.push_back(variantOf(*benchmark, listing.file));
      benchmarks.push_back(*benchmark);
    }
    for (std::size_t axis = 0; axis < group.axes.size(); ++axis)
      info.parameters.push_back(axisOf(group.axes[axis], group.all, axis));
    for (const AsvSkipped* s : skipped)
      info.variants.push_back({.name = plainNameFor(s->name),
                               .description = "listed, not measured",
                               .usesThreads = false,
                               .onDevice = false,
                               .availability = Availability::no(s->reason),
                               .optIn = true});
    kernels.push_back(std::make_unique<AsvKernel>(
        std::move(info), std::move(benchmarks), group.axes,
        group.declared ? *group.declared : AsvDeclaredKernel{}, listing.file, interpreter));
  }
  return kernels;
}

}  // namespace accellab::kernels
