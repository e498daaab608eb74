#include "accellab/kernel.h"

#include <algorithm>

namespace accellab {

const VariantInfo* KernelInfo::variant(std::string_view wanted) const {
  const auto it = std::find_if(variants.begin(), variants.end(),
                               [&](const VariantInfo& v) { return v.name == wanted; });
  return it == variants.end() ? nullptr : &*it;
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
  if (!kernel.dtypes.empty() &&
      std::find(kernel.dtypes.begin(), kernel.dtypes.end(), params.dtype) == kernel.dtypes.end())
    return kernel.name + " does not support element type " + std::string(toString(params.dtype));
  return std::nullopt;
}

std::optional<std::string> validateSamples(const KernelInfo& kernel, const Params& params) {
  if (!params.samples) return kernel.name + " needs a sample count";
  if (*params.samples == 0) return "samples must be positive";
  if (*params.samples > kMaxCount) return "samples must not exceed 2^63";
  return std::nullopt;
}

}  // namespace

std::optional<std::string> validateParams(const KernelInfo& kernel, const Params& params) {
  return kernel.problem == ProblemKind::array3d ? validateShape(kernel, params)
                                                : validateSamples(kernel, params);
}

}  // namespace accellab
