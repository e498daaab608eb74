// The stencil's weights, shared by the host and the device code (plain C++17 for nvcc).
#pragma once

namespace accellab::kernels::stencil {

// Powers of two: the products are exact, so only the additions round. They sum to 1
// (0.25 + 6 * 0.125), so an output stays within the range of its inputs.
inline constexpr double kCentre = 0.25;
inline constexpr double kNeighbour = 0.125;

}  // namespace accellab::kernels::stencil
