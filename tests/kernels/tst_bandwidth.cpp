// The bandwidth probe: arrays sized to the memory the process may use, and a stop request
// answered within milliseconds.
#include <QtTest>

#include <chrono>
#include <thread>

#include "probe/bandwidth.h"
#include "sanitizer_cost.h"

using namespace accellab::kernels;

namespace {
constexpr quint64 MiB = 1ull << 20;
constexpr quint64 GiB = 1ull << 30;
}  // namespace

class TestBandwidth : public QObject {
  Q_OBJECT

 private slots:
  void arraysFitTheMemoryAvailable_data() {
    QTest::addColumn<quint64>("cache");
    QTest::addColumn<quint64>("available");
    QTest::addColumn<quint64>("bytes");
    QTest::addColumn<quint64>("usual");
    QTest::addColumn<bool>("lessReliable");
    QTest::newRow("plenty, small cache") << 32 * MiB << 64 * GiB << 256 * MiB << 256 * MiB << false;
    QTest::newRow("plenty, big cache") << 128 * MiB << 64 * GiB << 512 * MiB << 512 * MiB << false;
    QTest::newRow("huge cache capped") << 1024 * MiB << 64 * GiB << GiB << GiB << true;
    QTest::newRow("unknown memory") << 32 * MiB << quint64(0) << 256 * MiB << 256 * MiB << false;
    // ulimit -v 1 GiB with 150 MiB mapped: two quarters of what is left, in whole MiB.
    QTest::newRow("1 GiB limit") << 32 * MiB << 874 * MiB << 218 * MiB << 256 * MiB << false;
    QTest::newRow("just enough") << 32 * MiB << 256 * MiB << 64 * MiB << 256 * MiB << true;
    QTest::newRow("too little") << 32 * MiB << 255 * MiB << quint64(0) << 256 * MiB << true;
    QTest::newRow("no cache known") << quint64(0) << 64 * MiB << 16 * MiB << 256 * MiB << false;
  }
  void arraysFitTheMemoryAvailable() {
    QFETCH(quint64, cache);
    QFETCH(quint64, available);
    QFETCH(quint64, bytes);
    QFETCH(quint64, usual);
    QFETCH(bool, lessReliable);
    const CopyArrays arrays = copyArrays(cache, available);
    QCOMPARE(quint64(arrays.bytes), bytes);
    QCOMPARE(quint64(arrays.usualBytes), usual);
    QCOMPARE(arrays.lessReliable, lessReliable);
    QVERIFY(arrays.bytes == 0 || 2 * arrays.bytes <= available || available == 0);
  }

  void smallerArraysAreSaidToBeLessReliable() {
    const Bandwidth reduced = measureCopyBandwidth(16 * MiB, 128 * MiB);
    QVERIFY(reduced.bytesPerS > 0);
    QVERIFY2(QString::fromStdString(reduced.method)
                 .contains("2 arrays of 32 MiB (usually 256 MiB; only 128 MiB of memory "
                           "available, so less reliable: the cache holds more of them)"),
             reduced.method.c_str());
  }

  void tooLittleMemoryIsNotMeasuredWithTheReason() {
    const Bandwidth skipped = measureCopyBandwidth(32 * MiB, 100 * MiB);
    QCOMPARE(skipped.bytesPerS, 0.0);
    QCOMPARE(QString::fromStdString(skipped.method),
             "not measured: only 100 MiB of memory available; the probe needs 2 arrays of at "
             "least 64.0 MiB and leaves half of it to the run");
  }

  void stopEndsTheProbeWithinMilliseconds() {
    std::stop_source stop;
    std::jthread stopper([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      stop.request_stop();
    });
    QElapsedTimer timer;
    timer.start();
    // 1 GiB arrays: touching and copying them takes well over a second on any machine.
    const Bandwidth stopped = measureCopyBandwidth(256 * MiB, 0, stop.get_token());
    const qint64 elapsedMs = timer.elapsed();
    QCOMPARE(stopped.bytesPerS, 0.0);
    QCOMPARE(QString::fromStdString(stopped.method), "not measured: interrupted");
    // The README promises half a second; a loaded CI machine under a sanitizer gets 4x, and
    // AddressSanitizer's own cost of the 1 GiB arrays on top.
    QVERIFY2(elapsedMs < 2000 + accellab::test::kSanitizerAllocationCost.count(),
             qPrintable(QString::number(elapsedMs)));
  }
};

QTEST_APPLESS_MAIN(TestBandwidth)
#include "tst_bandwidth.moc"
