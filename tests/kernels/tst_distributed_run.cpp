// The distributed runs of kernels/mpi/distributed_run.h without MPI: how a problem is shared
// across ranks, and the mpi variants as one rank (SoloCollective), against the single-process
// variants.
#include <QtTest>

#include "kernel_driver.h"
#include "mpi/distributed_run.h"

using namespace accellab;
using accellab::kernels::mpi::shareOf;
using accellab::test::kernelNamed;

class TestDistributedRun : public QObject {
  Q_OBJECT

 private slots:
  void sharesCoverTheTotal_data() {
    QTest::addColumn<quint64>("total");
    QTest::addColumn<int>("ranks");
    QTest::addColumn<QList<quint64>>("counts");
    QTest::newRow("even") << quint64{8} << 4 << QList<quint64>{2, 2, 2, 2};
    QTest::newRow("remainder to the first ranks") << quint64{11} << 4 << QList<quint64>{3, 3, 3, 2};
    QTest::newRow("fewer items than ranks") << quint64{2} << 3 << QList<quint64>{1, 1, 0};
    QTest::newRow("one rank") << quint64{7} << 1 << QList<quint64>{7};
  }

  void sharesCoverTheTotal() {
    QFETCH(quint64, total);
    QFETCH(int, ranks);
    QFETCH(QList<quint64>, counts);
    std::uint64_t next = 0;
    for (int rank = 0; rank < ranks; ++rank) {
      const auto share = shareOf(total, rank, ranks);
      QCOMPARE(share.begin, next);
      QCOMPARE(share.count, counts[rank]);
      next += share.count;
    }
    QCOMPARE(next, total);
  }

  // As one rank, the mpi variant counts exactly the hits of parallel.
  void piAsOneRankMatchesParallel() {
    const Kernel& pi = kernelNamed("pi");
    if (!pi.info().variant("mpi")->availability.available)
      QSKIP(pi.info().variant("mpi")->availability.reason.c_str());
    Params params;
    params.shape.reset();
    params.samples = 1'000'003;
    const auto hits = [&](const char* variant) {
      auto run = pi.prepare(params, variant, {.threads = 2});
      run->poisonOutput();
      run->run({});
      const Verification verdict = run->verify();
      return verdict.ok ? verdict.fingerprint : std::nullopt;
    };
    const auto mpi = hits("mpi");
    QVERIFY(mpi.has_value());
    QCOMPARE(mpi, hits("parallel"));
  }

  void arrayKernelsVerifyAsOneRank_data() {
    QTest::addColumn<QString>("kernel");
    QTest::newRow("add") << "add";
    QTest::newRow("triad") << "triad";
    QTest::newRow("reduce") << "reduce";
  }

  void arrayKernelsVerifyAsOneRank() {
    QFETCH(QString, kernel);
    const std::string name = kernel.toStdString();
    const Kernel& k = kernelNamed(name.c_str());
    if (!k.info().variant("mpi")->availability.available)
      QSKIP(k.info().variant("mpi")->availability.reason.c_str());
    Params params;
    params.shape = Shape3{3, 5, 67};
    auto run = k.prepare(params, "mpi", {.threads = 2});
    run->poisonOutput();
    QVERIFY(!run->run({}).cancelled);
    const Verification verdict = run->verify();
    QVERIFY2(verdict.ok, verdict.detail.c_str());
    // A run that never wrote its output fails.
    run->poisonOutput();
    QVERIFY(!run->verify().ok);
  }
};

QTEST_APPLESS_MAIN(TestDistributedRun)
#include "tst_distributed_run.moc"
