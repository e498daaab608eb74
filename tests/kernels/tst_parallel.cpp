// The one parallel loop (kernels/cpu/parallel.h): how it cuts a problem, and that every piece
// is done exactly once, each thread's run of pieces starting with its owner.
#include <QtTest>

#include <omp.h>

#include <atomic>
#include <vector>

#include "cpu/parallel.h"

using namespace accellab::kernels;

class TestParallel : public QObject {
  Q_OBJECT

 private slots:
  // The streaming grain follows the machine's split crossover: half of it a piece, so a
  // problem of the crossover's size splits in two and a smaller one does not.
  void theGrainFollowsTheSplitCrossover() {
    constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;
    // add f64, 2 arrays of 8 bytes, splitting from 1 MiB touched: 64 Ki elements split in two
    // pieces of 32 Ki, one element fewer does not.
    QCOMPARE(streamGrain<double>(2, kMiB).smallest, std::uint64_t{32768});
    QCOMPARE(splitFor(65536, 2, streamGrain<double>(2, kMiB)).threads, 2);
    QCOMPARE(splitFor(65535, 2, streamGrain<double>(2, kMiB)).threads, 1);
    // Not measured: pieces of at least kSmallestPieceBytes of traffic.
    QCOMPARE(streamGrain<double>(2, 0).smallest, kSmallestPieceBytes / 16);
    // Never below one item.
    QCOMPARE(streamGrain<double>(3, 1).smallest, std::uint64_t{1});
  }

  // Every piece once, whatever the thread count; the first piece of each thread's run is its
  // own, so every thread of the team works on every call.
  void everyPieceOnceEachRunStartedByItsOwner() {
    for (const int threads : {2, 3, 4}) {
      const Split split =
          splitFor(1 << 16, threads, {.smallest = 1, .largest = 1 << 16, .align = 8});
      QCOMPARE(split.threads, threads);
      QCOMPARE(split.pieces, std::uint64_t(threads) * kPiecesPerThread);
      for (int call = 0; call < 20; ++call) {
        std::vector<std::atomic<int>> doneBy(split.pieces);
        std::vector<std::atomic<int>> times(split.pieces);
        std::atomic<bool> boundsRight{true};  // checked here: QtTest asserts on its own thread
        for (auto& d : doneBy) d = -1;
        const PiecesDone done =
            forEachPiece(split, {}, [&](std::uint64_t p, std::uint64_t first, std::uint64_t last) {
              if (first != p * split.piece || last <= first || last > split.items)
                boundsRight = false;
              ++times[p];
              doneBy[p] = omp_get_thread_num();
            });
        QVERIFY(boundsRight);
        QVERIFY(done.complete);
        QCOMPARE(done.threadsWorked, threads);
        for (std::uint64_t p = 0; p < split.pieces; ++p) QCOMPARE(times[p].load(), 1);
        for (int t = 0; t < threads; ++t)
          QCOMPARE(doneBy[split.pieces * static_cast<std::uint64_t>(t) /
                          static_cast<std::uint64_t>(threads)]
                       .load(),
                   t);
      }
    }
  }

  // A stop before the loop leaves every piece undone and says so.
  void aStopLeavesPiecesUndone() {
    const Split split = splitFor(1 << 16, 2, {.smallest = 1, .largest = 1 << 16, .align = 8});
    std::stop_source stop;
    stop.request_stop();
    std::atomic<int> ran{0};
    const PiecesDone done = forEachPiece(
        split, stop.get_token(), [&](std::uint64_t, std::uint64_t, std::uint64_t) { ++ran; });
    QVERIFY(!done.complete);
    QCOMPARE(ran.load(), 0);
    QCOMPARE(done.threadsWorked, 0);
  }
};

QTEST_APPLESS_MAIN(TestParallel)
#include "tst_parallel.moc"
