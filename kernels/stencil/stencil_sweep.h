// One Jacobi sweep of the 7-point stencil over a 3-D grid in C order (x fastest):
// out = kCentre * in + kNeighbour * (sum of the 6 face neighbours) inside, out = in on the
// outermost layer (the boundary is held fixed, as a Dirichlet condition would be).
#pragma once

#include <cstddef>
#include <cstdint>
#include <stop_token>

#include "accellab/types.h"
#include "cpu/pieces_done.h"
#include "cpu/simd.h"
#include "stencil_coefficients.h"

namespace accellab::kernels::stencil {

// Points between two looks at the stop token: 1 Mi points, 16 MiB of f64 traffic, a few ms
// even for the scalar loop.
inline constexpr std::uint64_t kChunkPoints = std::uint64_t{1} << 20;

// The stencil at an interior point `c` of a grid whose rows are `row` and planes `plane`
// elements apart. Neighbours pair up as x, y, z; the SIMD rows add them in the same order.
template <class T>
inline T stencilPoint(const T* c, std::ptrdiff_t row, std::ptrdiff_t plane) {
  const T sum = ((c[-1] + c[1]) + (c[-row] + c[row])) + (c[-plane] + c[plane]);
  return T(kCentre) * c[0] + T(kNeighbour) * sum;
}

// Whether (z, y, x) lies on the outermost layer, which a sweep copies.
inline bool onBoundary(const Shape3& shape, std::uint64_t z, std::uint64_t y, std::uint64_t x) {
  return z == 0 || y == 0 || x == 0 || z + 1 == shape.z || y + 1 == shape.y || x + 1 == shape.x;
}

// The sweeps of the CPU variants; each returns false when stopped before it finished.
// Scalar, z, y, x, compiled without auto-vectorization (stencil_loop.cpp).
template <class T>
bool sweepLoop(const T* in, T* out, const Shape3& shape, std::stop_token stop);
// Highway SIMD along x, one thread, over cache blocks (stencil_sweeps_highway.cpp), writing
// with `stores`.
template <class T>
bool sweepVectorized(const T* in, T* out, const Shape3& shape, simd::Stores stores,
                     std::stop_token stop);
// The same blocks shared among OpenMP threads.
template <class T>
PiecesDone sweepParallel(const T* in, T* out, const Shape3& shape, int threads, simd::Stores stores,
                         std::stop_token stop);

}  // namespace accellab::kernels::stencil
