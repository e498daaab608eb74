// The one parallel loop of the CPU kernels' `parallel` variants: the work cut into pieces
// sized from the problem and the thread count, each thread starting on a piece of its own,
// the rest handed out as threads come free, the stop token looked at before every piece.
#pragma once

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <stop_token>

#include "pieces_done.h"
#include "simd.h"

namespace accellab::kernels {

// What a piece may hold, in items of the loop (elements, samples, blocks).
struct Grain {
  // Less work than this costs more to hand to another thread (waking it, the closing
  // barrier: about a microsecond with OpenMP's spinning threads) than it saves.
  std::uint64_t smallest = 1;
  // What one thread does between looks at the stop token and at the work left: a fraction of
  // a millisecond, so a preempted thread's share is soon taken over.
  std::uint64_t largest = 1;
  // Pieces start at multiples of it (a cache line of elements), so no two threads write one
  // line and the SIMD loops keep their alignment.
  std::uint64_t align = 1;
};

// The streaming loops (add, triad, reduce) over `arrays` arrays of T: pieces of at least
// 128 KiB of their traffic (8 Ki f64 elements of add), about 2 us from L1 or L2. A new
// OpenMP team costs about 1 us to start and join here, so a smaller split lost to one
// thread (docs/benchmarks.md, "by size"); at most 2^18 elements, 1 to 6 MiB; cache lines.
inline constexpr std::uint64_t kSmallestPieceBytes = std::uint64_t{128} << 10;
template <class T>
constexpr Grain streamGrain(std::uint64_t arrays) {
  return {.smallest = kSmallestPieceBytes / (arrays * sizeof(T)),
          .largest = std::uint64_t{1} << 18,
          .align = 64 / sizeof(T)};
}

// Pieces per thread when there is work enough: the others take over the share of a thread
// the OS preempts, as from a dynamic schedule, without pieces so small their handing out
// shows.
inline constexpr std::uint64_t kPiecesPerThread = 4;

// How `items` are cut for `threads`.
struct Split {
  std::uint64_t items = 0;
  std::uint64_t piece = 1;   // items per piece; the last may be shorter
  std::uint64_t pieces = 0;  // 0 for no items
  int threads = 1;           // threads given work: at most one per piece
};

// As many pieces as hold at least grain.smallest items each, up to kPiecesPerThread per
// thread, then as many more as keep them within grain.largest; equal pieces, rounded up to
// grain.align.
Split splitFor(std::uint64_t items, int threads, const Grain& grain);
// The pieces splitFor cuts for kAlikeThreads threads, whatever the thread count: a sum merged
// in piece order then has the same bits on any of them. At most `threads` get work.
inline constexpr int kAlikeThreads = 16;
Split splitAlikeFor(std::uint64_t items, int threads, const Grain& grain);

// body(piece, first, last) for every piece of `split`, [first, last) its items; one OpenMP
// region of split.threads threads, none when it is 1. Thread t starts with piece t, so every
// thread of the team works even when the first to wake could take all of a few pieces.
template <class Body>
PiecesDone forEachPiece(const Split& split, const std::stop_token& stop, Body&& body) {
  const auto runPiece = [&](std::uint64_t p) {
    const std::uint64_t first = p * split.piece;
    body(p, first, std::min(split.items, first + split.piece));
  };
  if (split.threads <= 1) {
    for (std::uint64_t p = 0; p < split.pieces; ++p) {
      if (stop.stop_requested()) return {false, p > 0 ? 1 : 0};
      runPiece(p);
    }
    return {true, split.pieces > 0 ? 1 : 0};
  }
  std::atomic<std::uint64_t> handedOut{0};
  std::atomic<bool> stopped{false};
  std::atomic<int> worked{0};
#pragma omp parallel num_threads(split.threads)
  {
    // The first pieces by thread number, the rest from the counter: a smaller team than
    // asked for (OMP_THREAD_LIMIT) still covers every piece.
    const auto team = static_cast<std::uint64_t>(omp_get_num_threads());
    bool did = false;
    for (auto p = static_cast<std::uint64_t>(omp_get_thread_num()); p < split.pieces;
         p = team + handedOut.fetch_add(1, std::memory_order_relaxed)) {
      if (stopped.load(std::memory_order_relaxed)) break;
      if (stop.stop_requested()) {
        stopped.store(true, std::memory_order_relaxed);
        break;
      }
      runPiece(p);
      did = true;
    }
    if (did) worked.fetch_add(1, std::memory_order_relaxed);
  }
  return {!stopped.load(), worked.load()};
}

template <class T>
PiecesDone addParallel(const T* in, T* out, std::uint64_t n, int threads, simd::Stores stores,
                       const std::stop_token& stop);

// The samples of [begin, end) outside the circle, counted on `threads`; `outside` gets the
// count of the pieces done (all of them when complete).
PiecesDone countOutsideParallel(std::uint64_t key, std::uint64_t begin, std::uint64_t end,
                                int threads, const std::stop_token& stop, std::uint64_t& outside);

}  // namespace accellab::kernels
