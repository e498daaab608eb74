// Compiled with -fno-tree-vectorize -fno-tree-slp-vectorize (kernels/CMakeLists.txt): these
// loops are the honest scalar baseline, and -O3 would otherwise turn them into SIMD code.
#include <algorithm>

#include "add_variants.h"
#include "add_verify.h"
#include "cpu/stop_chunks.h"

namespace accellab::kernels::add {
namespace {

// A strided access that misses cache and TLB costs up to ~100 ns, and more on a loaded
// machine: 64 Ki of them keep the time between two looks at the stop token under ~10 ms.
constexpr std::uint64_t kStridedChunkElements = std::uint64_t{1} << 16;

}  // namespace

template <class T>
bool addLoop(const T* in, T* out, const Shape3& shape, std::stop_token stop) {
  if (stop.stop_requested()) return false;
  StopGate gate(std::move(stop), kAddChunkElements);
  for (std::uint64_t z = 0; z < shape.z; ++z) {
    for (std::uint64_t y = 0; y < shape.y; ++y) {
      const std::uint64_t row = (z * shape.y + y) * shape.x;
      // x runs in pieces so that even a single huge row sees a stop request.
      for (std::uint64_t x0 = 0; x0 < shape.x; x0 += kAddChunkElements) {
        const std::uint64_t x1 = std::min(shape.x, x0 + kAddChunkElements);
        for (std::uint64_t x = x0; x < x1; ++x) out[row + x] = in[row + x] + T(kAddend);
        if (gate.stopAfter(x1 - x0)) return false;
      }
    }
  }
  return true;
}

// Consecutive accesses are a whole row (shape.x elements) apart, and each x revisits every
// row and plane.
template <class T>
bool addLoopStrided(const T* in, T* out, const Shape3& shape, std::stop_token stop) {
  if (stop.stop_requested()) return false;
  StopGate gate(std::move(stop), kStridedChunkElements);
  const std::uint64_t plane = shape.y * shape.x;
  for (std::uint64_t x = 0; x < shape.x; ++x) {
    for (std::uint64_t z = 0; z < shape.z; ++z) {
      const std::uint64_t first = z * plane + x;
      for (std::uint64_t y0 = 0; y0 < shape.y; y0 += kStridedChunkElements) {
        const std::uint64_t y1 = std::min(shape.y, y0 + kStridedChunkElements);
        for (std::uint64_t y = y0; y < y1; ++y) {
          const std::uint64_t i = first + y * shape.x;
          out[i] = in[i] + T(kAddend);
        }
        if (gate.stopAfter(y1 - y0)) return false;
      }
    }
  }
  return true;
}

template bool addLoop(const float*, float*, const Shape3&, std::stop_token);
template bool addLoop(const double*, double*, const Shape3&, std::stop_token);
template bool addLoopStrided(const float*, float*, const Shape3&, std::stop_token);
template bool addLoopStrided(const double*, double*, const Shape3&, std::stop_token);

}  // namespace accellab::kernels::add
