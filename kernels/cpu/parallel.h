// The one parallel loop of the CPU kernels' `parallel` variants: the work cut into pieces
// sized from the problem and the thread count, each thread working through a run of pieces of
// its own and then taking what is left of the others', the stop token looked at before every
// piece.
#pragma once

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <stop_token>

#include "pieces_done.h"

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

// The streaming loops (add, triad, reduce) over `arrays` arrays of T. Pieces of at least half
// the machine's measured split crossover (`splitFromBytes` touched: SystemInfo), so that a
// problem splits in two from there on; starting and joining a team costs what the machine
// makes it cost (1 us on one VM, 3.2 us on another). Where it was not measured (0), pieces of
// at least kSmallestPieceBytes of traffic, the first VM's crossover. At most 2^18 elements, 1
// to 6 MiB; cache lines.
inline constexpr std::uint64_t kSmallestPieceBytes = std::uint64_t{128} << 10;
template <class T>
constexpr Grain streamGrain(std::uint64_t arrays, std::uint64_t splitFromBytes) {
  const std::uint64_t pieceBytes = splitFromBytes > 0 ? splitFromBytes / 2 : kSmallestPieceBytes;
  return {.smallest = std::max<std::uint64_t>(1, pieceBytes / (arrays * sizeof(T))),
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

// Where each thread of forEachPiece takes its next piece: its own run of pieces, a cache line
// apiece so that claiming one does not move another thread's line.
struct alignas(64) PieceCursor {
  std::uint64_t first = 0;             // the run's first piece: its owner's alone
  std::atomic<std::uint64_t> next{0};  // the next piece anyone may take
  std::uint64_t end = 0;
};

// body(piece, first, last) for every piece of `split`, [first, last) its items; one OpenMP
// region of split.threads threads, none when it is 1. Thread t owns the t-th contiguous run
// of pieces and works through it in order, so a repeated call gives each thread the same
// items again: data that fits the caches stays in the cache of the core that uses it (handed
// out first-come, the pieces of a 512 KiB add moved between the cores' L2 caches every call
// and two threads ran slower than one). A thread done with its own run takes the pieces left
// in the others', so the share of a thread the OS preempts is still done; the first piece of
// each run is its owner's alone, so every thread of the team works even when the first to
// wake could take all of a few pieces. Owners the team lacks (OMP_THREAD_LIMIT) have their
// first pieces run by thread owner % team.
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
  // splitFor gives no thread more than one per piece: every run holds at least one.
  const auto owners = static_cast<std::uint64_t>(split.threads);
  const auto cursors = std::make_unique<PieceCursor[]>(owners);
  for (std::uint64_t t = 0; t < owners; ++t) {
    cursors[t].first = split.pieces * t / owners;
    cursors[t].next.store(cursors[t].first + 1, std::memory_order_relaxed);
    cursors[t].end = split.pieces * (t + 1) / owners;
  }
  std::atomic<bool> stopped{false};
  std::atomic<int> worked{0};
#pragma omp parallel num_threads(split.threads)
  {
    const auto own = static_cast<std::uint64_t>(omp_get_thread_num());
    const auto team = static_cast<std::uint64_t>(omp_get_num_threads());
    bool did = false;
    const auto take = [&](std::uint64_t p) {
      if (stopped.load(std::memory_order_relaxed)) return false;
      if (stop.stop_requested()) {
        stopped.store(true, std::memory_order_relaxed);
        return false;
      }
      runPiece(p);
      did = true;
      return true;
    };
    bool going = true;
    for (std::uint64_t o = own; going && o < owners; o += team) going = take(cursors[o].first);
    for (std::uint64_t k = 0; going && k < owners; ++k) {
      PieceCursor& cursor = cursors[(own + k) % owners];
      for (std::uint64_t p = cursor.next.fetch_add(1, std::memory_order_relaxed);
           going && p < cursor.end; p = cursor.next.fetch_add(1, std::memory_order_relaxed))
        going = take(p);
    }
    if (did) worked.fetch_add(1, std::memory_order_relaxed);
  }
  return {!stopped.load(), worked.load()};
}

}  // namespace accellab::kernels
