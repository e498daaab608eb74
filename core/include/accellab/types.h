// Value types that describe one problem: element type, array shape, sample count.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace accellab {

enum class DType { f32, f64 };

std::string_view toString(DType dtype);
std::optional<DType> parseDType(std::string_view text);
std::size_t sizeOf(DType dtype);

// The one element-type dispatch: calls `f` with a value (0) of the C++ type `dtype` names,
// float or double, and returns what it returns, so that a generic lambda picks the template:
//   return forDType(dtype, [&]<class T>(T) { return prepare<T>(request); });
// Both calls must return one type: a lambda whose two would differ says which it returns.
template <class F>
decltype(auto) forDType(DType dtype, F&& f) {
  if (dtype == DType::f32) return f(float{});
  return f(double{});
}

// How a distributed variant's problem grows with its ranks: strong keeps the total problem
// of each point, weak gives every rank the point's problem (the total grows with the ranks).
enum class Scaling { strong, weak };
std::string_view toString(Scaling scaling);
std::optional<Scaling> parseScaling(std::string_view text);

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

// How a kernel's problem is sized: by an array shape, by a sample count, or by the kernel's
// own named parameters alone (matmul's "n").
enum class ProblemKind { array3d, samples, parameters };

// A kernel's own parameters by name ("n" = 2048), as its KernelInfo::parameters declare them.
// Core knows no names: a new kernel brings its parameters without a change here.
using KernelParams = std::map<std::string, std::uint64_t, std::less<>>;

// One point's problem. Array kernels use `shape` and `dtype`; sampling kernels use `samples`;
// every kernel may add its own parameters.
struct Params {
  std::optional<Shape3> shape;
  std::optional<std::uint64_t> samples;
  DType dtype = DType::f64;
  // False for a kernel sized by its own parameters that has no element type (an asv file's, a
  // plugin's that declares none): `dtype` means nothing then, and is neither shown nor saved.
  bool typed = true;
  std::uint64_t seed = 20261130;
  KernelParams kernelParams;
  // What a parameter's value stands for when the value is an index into its axis (an asv axis
  // of strings: "dtype" -> "'float32'", ParamSpec::labels), shown in its place; by name.
  std::map<std::string, std::string, std::less<>> labels{};
  friend bool operator==(const Params&, const Params&) = default;
};

// Elements of the array, number of samples, or (for a problem given by its own parameters
// alone) the product of those: the x axis of size sweeps.
std::uint64_t problemSize(const Params& params);
// "1024x1024x512 f64", "1e9 samples", "n=2048 f64", "n=1000 dtype='float32'": names a point's
// problem in tables and charts. A kernel's own parameters follow the shape or samples as
// "name=value", a labelled one's value its label; an untyped problem has no element type.
std::string describe(const Params& params);

}  // namespace accellab
