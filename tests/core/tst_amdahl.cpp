// Amdahl's law fitted to synthetic times made from known serial fractions, and the fits of a
// run's rows per variant and problem.
#include <QtTest>
#include <cmath>
#include <vector>

#include "accellab/amdahl.h"

using namespace accellab;
using Times = std::vector<ThreadTime>;
Q_DECLARE_METATYPE(Times)

namespace {

// T1 (s + (1 - s) / p) for each thread count, times (1 + noise[i]) where given.
Times amdahlTimes(double serial, double oneThreadS, const std::vector<int>& threads,
                  const std::vector<double>& noise = {}) {
  Times times;
  for (std::size_t i = 0; i < threads.size(); ++i) {
    const double exact = oneThreadS * (serial + (1 - serial) / threads[i]);
    times.push_back(
        {static_cast<double>(threads[i]), exact * (1 + (i < noise.size() ? noise[i] : 0))});
  }
  return times;
}

ReportRow row(const std::string& problem, const std::string& variant, int threads, double medianS,
              PointStatus status = PointStatus::ok) {
  ReportRow r;
  r.runId = 3;
  r.kernel = "add";
  r.problem = problem;
  r.group = "add " + problem;
  r.variant = variant;
  r.threads = threads;
  r.medianS = medianS;
  r.status = status;
  return r;
}

}  // namespace

class TestAmdahl : public QObject {
  Q_OBJECT

 private slots:
  void fitRecoversTheSerialFraction_data() {
    QTest::addColumn<Times>("times");
    QTest::addColumn<double>("serial");
    QTest::addColumn<double>("oneThreadS");
    QTest::addColumn<double>("tolerance");
    QTest::addColumn<double>("minRSquared");
    const std::vector<int> counts{1, 2, 4, 8};
    QTest::newRow("s = 3.2 %") << amdahlTimes(0.032, 2.0, counts) << 0.032 << 2.0 << 1e-9 << 1.0;
    QTest::newRow("s = 0") << amdahlTimes(0, 0.5, counts) << 0.0 << 0.5 << 1e-9 << 1.0;
    QTest::newRow("s = 1") << amdahlTimes(1, 0.5, counts) << 1.0 << 0.5 << 1e-9 << 1.0;
    QTest::newRow("two thread counts")
        << amdahlTimes(0.25, 4e-6, {1, 3}) << 0.25 << 4e-6 << 1e-9 << 1.0;
    // Without the 1-thread time the curve still gives T1.
    QTest::newRow("no 1-thread time")
        << amdahlTimes(0.1, 1e3, {2, 4, 16}) << 0.1 << 1e3 << 1e-9 << 1.0;
    QTest::newRow("repeated thread counts")
        << amdahlTimes(0.4, 1.0, {1, 1, 2, 2}, {0.01, -0.01, 0.01, -0.01}) << 0.4 << 1.0 << 1e-9
        << 0.99;
    QTest::newRow("noisy") << amdahlTimes(0.2, 1.0, {1, 2, 4, 8, 16},
                                          {0.02, -0.015, 0.01, -0.02, 0.015})
                           << 0.2 << 1.0 << 0.02 << 0.99;
    // Faster than linear (caches): no serial part can explain it, s clamps to 0.
    QTest::newRow("superlinear") << Times{{1, 1.0}, {2, 0.4}, {4, 0.15}} << 0.0 << 0.9 << 0.1
                                 << 0.9;
    // Slower with more threads: all of it is serial, the curve is the mean.
    QTest::newRow("slower with threads")
        << Times{{1, 1.0}, {2, 1.1}, {4, 1.2}} << 1.0 << 1.1 << 1e-9 << -1.0;
    QTest::newRow("invalid times left out")
        << Times{{1, 2.0}, {0, 1.0}, {2, std::nan("")}, {4, -1.0}, {8, 1.0 + 0.125}} << 0.5 << 2.0
        << 1e-9 << 1.0;
  }
  void fitRecoversTheSerialFraction() {
    QFETCH(Times, times);
    QFETCH(double, serial);
    QFETCH(double, oneThreadS);
    QFETCH(double, tolerance);
    QFETCH(double, minRSquared);
    const auto fit = fitAmdahl(times);
    QVERIFY(fit);
    QVERIFY2(std::abs(fit->serialFraction - serial) <= tolerance,
             qPrintable(QString::number(fit->serialFraction)));
    QVERIFY2(std::abs(fit->oneThreadS - oneThreadS) <= std::max(tolerance, 1e-9) * oneThreadS * 10,
             qPrintable(QString::number(fit->oneThreadS)));
    QVERIFY(fit->serialFraction >= 0 && fit->serialFraction <= 1);
    QVERIFY2(fit->rSquared >= minRSquared, qPrintable(QString::number(fit->rSquared)));
    if (minRSquared == 1.0) QVERIFY(fit->rmsRelativeError < 1e-9);
  }

  // The fit's quality tells noise apart from a curve that does not follow Amdahl's law.
  void qualityOfTheFit() {
    const auto noisy = fitAmdahl(amdahlTimes(0.2, 1.0, {1, 2, 4, 8}, {0.02, -0.02, 0.02, -0.02}));
    QVERIFY(noisy);
    QVERIFY(noisy->rmsRelativeError > 0.005 && noisy->rmsRelativeError < 0.03);
    const auto slower = fitAmdahl(Times{{1, 1.0}, {2, 2.0}, {4, 4.0}});
    QVERIFY(slower);
    QCOMPARE(slower->serialFraction, 1.0);
    QVERIFY(slower->rSquared < 1e-9);  // no better than the mean: no serial fraction explains it
    QVERIFY(slower->rmsRelativeError > 0.4);
  }

  void curveAndSpeedup() {
    const AmdahlFit fit{0.25, 8.0, 1, 0};
    QCOMPARE(fit.timeAt(1), 8.0);
    QCOMPARE(fit.timeAt(4), 8.0 * (0.25 + 0.75 / 4));
    QCOMPARE(fit.speedupAt(1), 1.0);
    QCOMPARE(fit.speedupAt(3), 2.0);
    QVERIFY(fit.speedupAt(1e9) < 4);
  }

  void noFitWithoutTwoThreadCounts_data() {
    QTest::addColumn<Times>("times");
    QTest::newRow("none") << Times{};
    QTest::newRow("one thread count") << Times{{4, 1.0}, {4, 1.1}, {4, 0.9}};
    QTest::newRow("the other time invalid") << Times{{1, 1.0}, {2, 0.0}};
    QTest::newRow("the other thread count invalid") << Times{{1, 1.0}, {-2, 0.5}};
  }
  void noFitWithoutTwoThreadCounts() {
    QFETCH(Times, times);
    QVERIFY(!fitAmdahl(times));
  }

  // Per variant and problem of a run, from ok rows only, in order of first appearance.
  void fitsOfARunsRows() {
    const std::vector<ReportRow> rows{
        row("64", "loop", 1, 1.0),
        row("64", "parallel", 1, 1.0),
        row("64", "parallel", 2, 0.55),
        row("64", "parallel", 4, 0.325),
        row("64", "parallel", 8, 0.1, PointStatus::failed),  // left out
        row("128", "parallel", 1, 2.0),
        row("128", "parallel", 2, 2.0),
        row("128", "vectorized", 1, 1.0),
    };
    const std::vector<ScalingFit> fits = scalingFits(rows);
    QCOMPARE(fits.size(), std::size_t{2});  // loop and vectorized ran on one thread count
    QCOMPARE(fits[0].runId, 3);
    QCOMPARE(fits[0].group, std::string("add 64"));
    QCOMPARE(fits[0].kernel, std::string("add"));
    QCOMPARE(fits[0].problem, std::string("64"));
    QCOMPARE(fits[0].variant, std::string("parallel"));
    QVERIFY(std::abs(fits[0].fit.serialFraction - 0.1) < 1e-9);
    QVERIFY(std::abs(fits[0].fit.oneThreadS - 1.0) < 1e-9);
    QCOMPARE(fits[1].group, std::string("add 128"));
    QCOMPARE(fits[1].fit.serialFraction, 1.0);
  }

  // A point sits at the cores it used where that was clearly more than it declared.
  void threadsUsedAreTheCoresBeyondTheDeclared() {
    ReportRow declared = row("64", "numpy", 1, 1.0);
    QCOMPARE(threadsUsed(declared), 1.0);  // CPU time not measured
    declared.coresUsed = 1.2;              // within the margin of 1 thread
    QCOMPARE(threadsUsed(declared), 1.0);
    declared.coresUsed = 1.93;
    QCOMPARE(threadsUsed(declared), 1.93);
    ReportRow four = row("64", "parallel", 4, 0.5);
    four.coresUsed = 1.98;  // 4 threads asked on 2 cores: fewer used, the 4 asked stays
    QCOMPARE(threadsUsed(four), 4.0);
    ReportRow one = row("64", "prange", 1, 0.5);
    one.coresUsed = 2.0;
    ReportRow two = row("64", "prange", 2, 0.5);
    two.coresUsed = 2.0;
    // Both ran on 2 cores: one thread count, no fit.
    QVERIFY(scalingFits(std::vector<ReportRow>{one, two}).empty());
  }
};

QTEST_MAIN(TestAmdahl)
#include "tst_amdahl.moc"
