// A plugin written with plugin.hpp, the C++ layer, for tst_plugin: two kernels (so each has
// its own work, memory and prepare callbacks), `scale` (out = 3 * in) in a host variant that
// behaves, one that skips, one whose run throws, and a device variant for a fake device; and
// `ramp` (out[i] = i), which reports nothing.
#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

#include "accellab/plugin.hpp"

namespace {

namespace al = accellab::plugin;

class Scale : public al::Run {
 public:
  Scale(const al::Problem& problem, std::string_view variant)
      : variant_(variant), in_(problem.param("n")), out_(in_.size()) {
    if (variant_ == "skips") throw al::Skip("no such accelerator here");
    std::iota(in_.begin(), in_.end(), static_cast<double>(problem.seed() % 5));
    if (variant_ == "device") {
      if (problem.device() != 0) throw std::runtime_error("prepared for no device");
      deviceIn_.resize(in_.size());
      deviceOut_.resize(in_.size());
    }
  }
  void poison() override { out_.assign(out_.size(), std::nan("")); }
  void run(const al::Stop& stop) override {
    if (variant_ == "throws") throw std::runtime_error("boom");
    if (stop.requested()) throw al::Cancelled{};
    for (std::size_t i = 0; i < in_.size(); ++i) out_[i] = 3 * in_[i];
  }
  al::Transfers transfers() override {
    const std::uint64_t bytes = in_.size() * sizeof(double);
    return {{{deviceIn_.data(), in_.data(), bytes}}, {{deviceOut_.data(), out_.data(), bytes}}};
  }
  void launch(void* stream) override {
    if (!stream) throw std::runtime_error("no stream");
    for (std::size_t i = 0; i < in_.size(); ++i) deviceOut_[i] = 3 * deviceIn_[i];
  }
  al::Check verify() override {
    for (std::size_t i = 0; i < in_.size(); ++i)
      if (out_[i] != 3 * in_[i]) return {false, "element " + std::to_string(i) + " differs"};
    return {true, "every element tripled"};
  }
  std::vector<double> values() override { return {3.0, std::numeric_limits<double>::quiet_NaN()}; }

 private:
  std::string variant_;
  std::vector<double> in_, out_, deviceIn_, deviceOut_;
};

class Ramp : public al::Run {
 public:
  explicit Ramp(const al::Problem& problem) : out_(problem.param("m")) {}
  void poison() override { out_.assign(out_.size(), -1); }
  void run(const al::Stop&) override { std::iota(out_.begin(), out_.end(), 0.0); }
  al::Check verify() override {
    for (std::size_t i = 0; i < out_.size(); ++i)
      if (out_[i] != static_cast<double>(i)) return {false, "not a ramp"};
    return {true, "a ramp"};
  }

 private:
  std::vector<double> out_;
};

std::vector<al::Kernel> kernels() {
  al::Kernel scale{
      .name = "scale",
      .description = "out = 3 * in",
      .params = {{"n", "elements", 10, 1, 1000}},
      .dtypes = ACCELLAB_F64,
      .variants = {{"loop", "a loop"},
                   {"skips", "never applies"},
                   {"throws", "its run throws"},
                   {"device", "on a device", ACCELLAB_GPU, false, true}},
      .work_note = "16 bytes per element",
      .values = {{"factor", "", "the factor"}, {"never", "%", "never there"}},
      .work = [](const al::Problem& p) -> accellab_work {
        return {p.param("n"), 16 * p.param("n"), 0};
      },
      .memory_bytes = [](const al::Problem& p, std::string_view) { return 16 * p.param("n"); },
      .prepare = [](const al::Problem& p, std::string_view variant) -> std::unique_ptr<al::Run> {
        return std::make_unique<Scale>(p, variant);
      }};
  al::Kernel ramp{
      .name = "ramp",
      .description = "out[i] = i",
      .params = {{"m", "elements", 7, 1, 100}},
      .variants = {{"loop", "iota"}},
      .work = [](const al::Problem& p) -> accellab_work {
        return {p.param("m"), 8 * p.param("m"), 0};
      },
      .memory_bytes = [](const al::Problem& p, std::string_view) { return 8 * p.param("m"); },
      .prepare = [](const al::Problem& p, std::string_view) -> std::unique_ptr<al::Run> {
        return std::make_unique<Ramp>(p);
      }};
  return {scale, ramp};
}

}  // namespace

ACCELLAB_PLUGIN("cpp-plugin", "2.0", kernels);
