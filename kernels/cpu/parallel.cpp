#include "parallel.h"

#include <algorithm>

#include "simd.h"

namespace accellab::kernels {
namespace {

// The pieces are handed out dynamically: on a shared machine a thread the OS preempts
// would otherwise hold every other thread at the closing barrier of a static split.
// Large enough that taking one (an atomic increment) costs nothing measurable.
constexpr std::uint64_t kAddPiece = std::uint64_t{1} << 18;  // elements: 1 or 2 MiB per array
constexpr std::uint64_t kPiPiece = std::uint64_t{1} << 20;   // samples: under a millisecond

std::int64_t piecesOf(std::uint64_t n, std::uint64_t piece) {
  return static_cast<std::int64_t>((n + piece - 1) / piece);
}

}  // namespace

template <class T>
void addParallel(const T* in, T* out, std::uint64_t n, int threads, simd::Stores stores) {
  const std::int64_t pieces = piecesOf(n, kAddPiece);
#pragma omp parallel for num_threads(threads) schedule(dynamic)
  for (std::int64_t p = 0; p < pieces; ++p) {
    const std::uint64_t first = static_cast<std::uint64_t>(p) * kAddPiece;
    simd::add(in + first, out + first, std::min(n, first + kAddPiece) - first, stores);
  }
}

std::uint64_t countOutsideParallel(std::uint64_t key, std::uint64_t begin, std::uint64_t end,
                                   int threads) {
  const std::int64_t pieces = piecesOf(end - begin, kPiPiece);
  std::uint64_t count = 0;
#pragma omp parallel for num_threads(threads) schedule(dynamic) reduction(+ : count)
  for (std::int64_t p = 0; p < pieces; ++p) {
    const std::uint64_t first = begin + static_cast<std::uint64_t>(p) * kPiPiece;
    count += simd::countOutside(key, first, std::min(end, first + kPiPiece));
  }
  return count;
}

template void addParallel(const float*, float*, std::uint64_t, int, simd::Stores);
template void addParallel(const double*, double*, std::uint64_t, int, simd::Stores);

}  // namespace accellab::kernels
