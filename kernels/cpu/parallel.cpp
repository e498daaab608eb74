#include "parallel.h"

namespace accellab::kernels {
namespace {

// pi's samples: 4 Ki are a few microseconds of the SIMD loop; 2^20 under a millisecond.
constexpr Grain kPiGrain{.smallest = 4096, .largest = std::uint64_t{1} << 20, .align = 64};

std::uint64_t roundedUp(std::uint64_t value, std::uint64_t multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

}  // namespace

Split splitFor(std::uint64_t items, int threads, const Grain& grain) {
  Split split;
  split.items = items;
  if (items == 0) return split;
  const auto wanted = static_cast<std::uint64_t>(std::max(threads, 1)) * kPiecesPerThread;
  const std::uint64_t pieces =
      std::clamp<std::uint64_t>(items / std::max<std::uint64_t>(grain.smallest, 1), 1, wanted);
  split.piece =
      std::min(roundedUp((items + pieces - 1) / pieces, std::max<std::uint64_t>(grain.align, 1)),
               std::max(grain.largest, grain.smallest));
  split.pieces = (items + split.piece - 1) / split.piece;
  split.threads = static_cast<int>(std::min<std::uint64_t>(split.pieces, std::max(threads, 1)));
  return split;
}

Split splitAlikeFor(std::uint64_t items, int threads, const Grain& grain) {
  Split split = splitFor(items, kAlikeThreads, grain);
  split.threads = static_cast<int>(std::min<std::uint64_t>(split.pieces, std::max(threads, 1)));
  return split;
}

template <class T>
PiecesDone addParallel(const T* in, T* out, std::uint64_t n, int threads, simd::Stores stores,
                       std::uint64_t splitFromBytes, const std::stop_token& stop) {
  return forEachPiece(splitFor(n, threads, streamGrain<T>(2, splitFromBytes)), stop,
                      [&](std::uint64_t, std::uint64_t first, std::uint64_t last) {
                        simd::add(in + first, out + first, last - first, stores);
                      });
}

PiecesDone countOutsideParallel(std::uint64_t key, std::uint64_t begin, std::uint64_t end,
                                int threads, const std::stop_token& stop, std::uint64_t& outside) {
  std::atomic<std::uint64_t> count{0};
  const PiecesDone done =
      forEachPiece(splitFor(end - begin, threads, kPiGrain), stop,
                   [&](std::uint64_t, std::uint64_t first, std::uint64_t last) {
                     count.fetch_add(simd::countOutside(key, begin + first, begin + last),
                                     std::memory_order_relaxed);
                   });
  outside = count.load();
  return done;
}

template PiecesDone addParallel(const float*, float*, std::uint64_t, int, simd::Stores,
                                std::uint64_t, const std::stop_token&);
template PiecesDone addParallel(const double*, double*, std::uint64_t, int, simd::Stores,
                                std::uint64_t, const std::stop_token&);

}  // namespace accellab::kernels
