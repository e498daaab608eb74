// The scalar baseline: the triple loop z, y, x in memory order, one point at a time.
// Built without auto-vectorization (kernels/CMakeLists.txt: *_loop.cpp).
#include "cpu/stop_chunks.h"
#include "stencil_sweep.h"

namespace accellab::kernels::stencil {

template <class T>
bool sweepLoop(const T* in, T* out, const Shape3& shape, std::stop_token stop) {
  const auto row = static_cast<std::ptrdiff_t>(shape.x);
  const auto plane = static_cast<std::ptrdiff_t>(shape.x * shape.y);
  StopGate gate(std::move(stop), kChunkPoints);
  for (std::uint64_t z = 0; z < shape.z; ++z) {
    for (std::uint64_t y = 0; y < shape.y; ++y) {
      if (gate.stopAfter(shape.x)) return false;
      const std::uint64_t first = (z * shape.y + y) * shape.x;
      for (std::uint64_t x = 0; x < shape.x; ++x) {
        const std::uint64_t i = first + x;
        out[i] = onBoundary(shape, z, y, x) ? in[i] : stencilPoint(in + i, row, plane);
      }
    }
  }
  return true;
}

template bool sweepLoop(const float*, float*, const Shape3&, std::stop_token);
template bool sweepLoop(const double*, double*, const Shape3&, std::stop_token);

}  // namespace accellab::kernels::stencil
