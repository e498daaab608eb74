#include "accellab/kernel.h"

#include <algorithm>
#include <stdexcept>

namespace accellab {

std::string kindWords(const PluginIdentity& plugin) {
  return plugin.kind == "python" ? "python file" : plugin.kind == "cuda" ? "CUDA source" : "plugin";
}

std::string describe(const PluginIdentity& plugin) {
  const std::string digest =
      plugin.sha256.empty() ? "no SHA-256: built without OpenSSL" : "SHA-256 " + plugin.sha256;
  const std::string where = " (" + plugin.file + ", " + digest + ")";
  if (plugin.kind == "python")
    return kindWords(plugin) + " " + plugin.name + where + " run by " + plugin.version;
  if (plugin.kind == "cuda") return kindWords(plugin) + " " + plugin.name + where;
  return kindWords(plugin) + " " + plugin.name + " " + plugin.version + where;
}

const VariantInfo* KernelInfo::variant(std::string_view wanted) const {
  const auto it = std::find_if(variants.begin(), variants.end(),
                               [&](const VariantInfo& v) { return v.name == wanted; });
  return it == variants.end() ? nullptr : &*it;
}

const ParamSpec* KernelInfo::parameter(std::string_view wanted) const {
  const auto it = std::find_if(parameters.begin(), parameters.end(),
                               [&](const ParamSpec& p) { return p.name == wanted; });
  return it == parameters.end() ? nullptr : &*it;
}

namespace {

constexpr std::uint64_t kMaxCount = std::uint64_t{1} << 63;

std::optional<std::string> validateShape(const KernelInfo& kernel, const Params& params) {
  if (!params.shape) return kernel.name + " needs a shape (ZxYxX)";
  const Shape3& shape = *params.shape;
  if (shape.z == 0 || shape.y == 0 || shape.x == 0)
    return "shape " + toString(shape) + " has a zero extent";
  const auto count = elementCount(shape);
  if (!count) return "shape " + toString(shape) + " product overflows 64 bits";
  if (*count > kMaxElements)
    return "shape " + toString(shape) +
           " has more than 2^59 elements: its bytes overflow 64-bit offsets";
  return std::nullopt;
}

std::optional<std::string> validateSamples(const KernelInfo& kernel, const Params& params) {
  if (!params.samples) return kernel.name + " needs a sample count";
  if (*params.samples == 0) return "samples must be positive";
  if (*params.samples > kMaxCount) return "samples must not exceed 2^63";
  return std::nullopt;
}

std::optional<std::string> validateOwnParams(const KernelInfo& kernel, const Params& params) {
  for (const auto& [name, value] : params.kernelParams)
    if (auto problem = validateParam(kernel, name, value)) return problem;
  return std::nullopt;
}

std::optional<std::string> validateDType(const KernelInfo& kernel, const Params& params) {
  if (!kernel.dtypes.empty() &&
      std::find(kernel.dtypes.begin(), kernel.dtypes.end(), params.dtype) == kernel.dtypes.end())
    return kernel.name + " does not support element type " + std::string(toString(params.dtype));
  return std::nullopt;
}

std::optional<std::string> validateSize(const KernelInfo& kernel, const Params& params) {
  switch (kernel.problem) {
    case ProblemKind::array3d:
      return validateShape(kernel, params);
    case ProblemKind::samples:
      return validateSamples(kernel, params);
    case ProblemKind::parameters:
      if (params.shape || params.samples)
        return kernel.name + " takes its own parameters, not a shape or sample count";
      return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> validateParams(const KernelInfo& kernel, const Params& params) {
  if (auto problem = validateSize(kernel, params)) return problem;
  if (auto problem = validateOwnParams(kernel, params)) return problem;
  return validateDType(kernel, params);
}

std::optional<std::string> validateParam(const KernelInfo& kernel, std::string_view name,
                                         std::uint64_t value) {
  const ParamSpec* spec = kernel.parameter(name);
  if (!spec) return kernel.name + " has no parameter '" + std::string(name) + "'";
  if (value < spec->min || value > spec->max)
    return kernel.name + " " + spec->name + "=" + std::to_string(value) + " is outside [" +
           std::to_string(spec->min) + ", " + std::to_string(spec->max) + "]";
  if (!spec->values.empty() &&
      std::find(spec->values.begin(), spec->values.end(), value) == spec->values.end()) {
    std::string listed;
    for (std::size_t i = 0; i < spec->values.size(); ++i)
      listed += (i ? ", " : "") + std::to_string(spec->values[i]) +
                (i < spec->labels.size() ? " (" + spec->labels[i] + ")" : "");
    return kernel.name + " " + spec->name + "=" + std::to_string(value) +
           " is not one of its values: " + listed;
  }
  return std::nullopt;
}

std::uint64_t paramOf(const KernelInfo& kernel, const Params& params, std::string_view name) {
  if (const auto it = params.kernelParams.find(name); it != params.kernelParams.end())
    return it->second;
  const ParamSpec* spec = kernel.parameter(name);
  if (!spec) throw std::logic_error(kernel.name + " has no parameter '" + std::string(name) + "'");
  return spec->defaultValue;
}

}  // namespace accellab
