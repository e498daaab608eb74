#include "parallel.h"

#include <omp.h>

#include <algorithm>

#include "simd.h"

namespace accellab::kernels {
namespace {

// Thread t of nt gets [first, last) of [0, n): contiguous, pieces rounded to a cache line
// of elements so threads never share a line they write.
struct Piece {
  std::uint64_t first;
  std::uint64_t last;
};

Piece pieceOf(std::uint64_t n, int thread, int threads, std::uint64_t granule) {
  const std::uint64_t granules = (n + granule - 1) / granule;
  const auto t = static_cast<std::uint64_t>(thread);
  const auto nt = static_cast<std::uint64_t>(threads);
  auto bound = [&](std::uint64_t k) { return std::min(n, granules * k / nt * granule); };
  return {bound(t), bound(t + 1)};
}

}  // namespace

template <class T>
void addParallel(const T* in, T* out, std::uint64_t n, int threads) {
#pragma omp parallel num_threads(threads)
  {
    const Piece piece = pieceOf(n, omp_get_thread_num(), omp_get_num_threads(), 64 / sizeof(T));
    simd::add(in + piece.first, out + piece.first, piece.last - piece.first);
  }
}

std::uint64_t countOutsideParallel(std::uint64_t key, std::uint64_t begin, std::uint64_t end,
                                   int threads) {
  std::uint64_t count = 0;
#pragma omp parallel num_threads(threads) reduction(+ : count)
  {
    const Piece piece = pieceOf(end - begin, omp_get_thread_num(), omp_get_num_threads(), 64);
    count += simd::countOutside(key, begin + piece.first, begin + piece.last);
  }
  return count;
}

template void addParallel(const float*, float*, std::uint64_t, int);
template void addParallel(const double*, double*, std::uint64_t, int);

}  // namespace accellab::kernels
