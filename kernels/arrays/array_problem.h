// The shape of an array kernel's point and its element count, read one way by every array
// kernel. validateParams refuses a point without a shape or with an overflowing one before any
// kernel sees it; these throw std::runtime_error should one get through anyway.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include "accellab/types.h"

namespace accellab::kernels {

inline const Shape3& shapeOf(const Params& params) {
  if (!params.shape) throw std::runtime_error("an array kernel needs a shape (ZxYxX)");
  return *params.shape;
}

inline std::uint64_t elementsOf(const Params& params) {
  const auto count = elementCount(shapeOf(params));
  if (!count) throw std::runtime_error("shape " + toString(shapeOf(params)) + " overflows");
  return *count;
}

}  // namespace accellab::kernels
