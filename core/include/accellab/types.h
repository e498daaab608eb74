// Value types that describe one problem: element type, array shape, sample count.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace accellab {

enum class DType { f32, f64 };

std::string_view toString(DType dtype);
std::optional<DType> parseDType(std::string_view text);
std::size_t sizeOf(DType dtype);

// A 3-D array in C order: x varies fastest.
struct Shape3 {
  std::uint64_t z = 1;
  std::uint64_t y = 1;
  std::uint64_t x = 1;
  friend bool operator==(const Shape3&, const Shape3&) = default;
};

// The most elements an array problem may have: at 16 bytes per element (two f64 arrays)
// every byte offset still fits a signed 64-bit integer (2^63 / 16 = 2^59).
inline constexpr std::uint64_t kMaxElements = (std::uint64_t{1} << 63) / 16;

// z*y*x, or nullopt when the product does not fit in 64 bits.
std::optional<std::uint64_t> elementCount(const Shape3& shape);
// z*y*x, or nullopt when it overflows or exceeds kMaxElements: the one bound every reader of
// shapes (parser, session reader, validateParams) applies.
std::optional<std::uint64_t> boundedElementCount(const Shape3& shape);
std::string toString(const Shape3& shape);  // "1024x1024x512"

// a*b, or nullopt on overflow; used wherever sizes are multiplied.
std::optional<std::uint64_t> checkedMul(std::uint64_t a, std::uint64_t b);

enum class ProblemKind { array3d, samples };

// One point's problem. Array kernels use `shape` and `dtype`; sampling kernels use `samples`.
struct Params {
  std::optional<Shape3> shape;
  std::optional<std::uint64_t> samples;
  DType dtype = DType::f64;
  std::uint64_t seed = 20261130;
  friend bool operator==(const Params&, const Params&) = default;
};

// Elements of the array or number of samples: the x axis of size sweeps.
std::uint64_t problemSize(const Params& params);
// "1024x1024x512 f64" or "1e9 samples": names a point's problem in tables and charts.
std::string describe(const Params& params);

}  // namespace accellab
