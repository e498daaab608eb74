// The memory guard's decisions and messages.
#include <QtTest>

#include "accellab/memory_guard.h"

using namespace accellab;

namespace {
constexpr quint64 GiB = 1ull << 30;
}

class TestMemoryGuard : public QObject {
  Q_OBJECT

 private slots:
  void checkMemory_data() {
    QTest::addColumn<quint64>("needHost");
    QTest::addColumn<quint64>("needDevice");
    QTest::addColumn<quint64>("haveHost");
    QTest::addColumn<qint64>("haveDevice");  // -1: no GPU
    QTest::addColumn<QString>("refusal");
    QTest::newRow("fits") << 2 * GiB << quint64(0) << 3 * GiB << qint64(-1) << QString();
    QTest::newRow("exactly fits") << 3 * GiB << quint64(0) << 3 * GiB << qint64(-1) << QString();
    QTest::newRow("too big for RAM") << 8 * GiB << quint64(0) << (16 * GiB) / 5 << qint64(-1)
                                     << "needs 8.00 GiB of RAM, 3.20 GiB available";
    QTest::newRow("unknown RAM is not refused")
        << 8 * GiB << quint64(0) << quint64(0) << qint64(-1) << QString();
    QTest::newRow("GPU fits") << GiB << GiB << 3 * GiB << qint64(2 * GiB) << QString();
    QTest::newRow("too big for GPU") << GiB << 2 * GiB << 3 * GiB << qint64(GiB)
                                     << "needs 2.00 GiB of GPU memory, 1.00 GiB available";
    QTest::newRow("no GPU") << GiB << 512ull << 3 * GiB << qint64(-1)
                            << "needs 512 B of GPU memory, no GPU present";
    QTest::newRow("RAM reported first")
        << 9 * GiB << 9 * GiB << GiB << qint64(GiB) << "needs 9.00 GiB of RAM, 1.00 GiB available";
  }
  void checkMemory() {
    QFETCH(quint64, needHost);
    QFETCH(quint64, needDevice);
    QFETCH(quint64, haveHost);
    QFETCH(qint64, haveDevice);
    QFETCH(QString, refusal);
    MemoryAvailable available{haveHost, std::nullopt};
    if (haveDevice >= 0) available.deviceBytes = static_cast<std::uint64_t>(haveDevice);
    const auto result = accellab::checkMemory({needHost, needDevice}, available);
    QCOMPARE(QString::fromStdString(result.value_or("")), refusal);
  }

  void probeReadsProc() {
    const MemoryAvailable available = probeHostMemory();
    QFile meminfo("/proc/meminfo");
    if (!meminfo.open(QIODevice::ReadOnly)) QSKIP("no /proc/meminfo on this system");
    QVERIFY(available.hostBytes > 0);
    QVERIFY(!available.deviceBytes);
  }
};

QTEST_APPLESS_MAIN(TestMemoryGuard)
#include "tst_memory_guard.moc"
