#include "parallel.h"

namespace accellab::kernels {
namespace {

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

}  // namespace accellab::kernels
