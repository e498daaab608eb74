#include "accellab/types.h"

#include <limits>
#include <vector>

#include "accellab/format.h"

namespace accellab {

std::string_view toString(Scaling scaling) {
  return scaling == Scaling::strong ? "strong" : "weak";
}

std::optional<Scaling> parseScaling(std::string_view text) {
  if (text == "strong") return Scaling::strong;
  if (text == "weak") return Scaling::weak;
  return std::nullopt;
}

std::string_view toString(DType dtype) { return dtype == DType::f32 ? "f32" : "f64"; }

std::optional<DType> parseDType(std::string_view text) {
  if (text == "f32") return DType::f32;
  if (text == "f64") return DType::f64;
  return std::nullopt;
}

std::size_t sizeOf(DType dtype) { return dtype == DType::f32 ? sizeof(float) : sizeof(double); }

std::optional<std::uint64_t> checkedMul(std::uint64_t a, std::uint64_t b) {
  if (a != 0 && b > std::numeric_limits<std::uint64_t>::max() / a) return std::nullopt;
  return a * b;
}

std::optional<std::uint64_t> elementCount(const Shape3& shape) {
  const auto zy = checkedMul(shape.z, shape.y);
  return zy ? checkedMul(*zy, shape.x) : std::nullopt;
}

std::optional<std::uint64_t> boundedElementCount(const Shape3& shape) {
  const auto count = elementCount(shape);
  return count && *count <= kMaxElements ? count : std::nullopt;
}

std::string toString(const Shape3& shape) {
  return std::to_string(shape.z) + "x" + std::to_string(shape.y) + "x" + std::to_string(shape.x);
}

std::uint64_t problemSize(const Params& params) {
  if (params.shape) return elementCount(*params.shape).value_or(0);
  if (params.samples) return *params.samples;
  std::uint64_t product = params.kernelParams.empty() ? 0 : 1;
  for (const auto& [name, value] : params.kernelParams)
    product = checkedMul(product, value).value_or(std::numeric_limits<std::uint64_t>::max());
  return product;
}

std::string describe(const Params& params) {
  // An imported benchmark that took no size argument: its problem is not known.
  if (!params.shape && !params.samples && params.kernelParams.empty()) return "no size";
  std::vector<std::string> words;
  if (params.shape) words.push_back(toString(*params.shape));
  if (params.samples) words.push_back(formatCount(*params.samples) + " samples");
  for (const auto& [name, value] : params.kernelParams) {
    const auto label = params.labels.find(name);
    words.push_back(name + "=" +
                    (label != params.labels.end() ? label->second : std::to_string(value)));
  }
  // A sampling problem has no element type.
  if (!params.samples && params.typed) words.emplace_back(toString(params.dtype));
  std::string text;
  for (const std::string& word : words) text += (text.empty() ? "" : " ") + word;
  return text;
}

}  // namespace accellab
