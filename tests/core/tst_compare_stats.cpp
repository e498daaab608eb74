// Statistics of two samples against SciPy: the reference rows are printed by
// tests/data/compare/mannwhitneyu_reference.py and bootstrap_reference.py.
#include <QtTest>
#include <vector>

#include "accellab/compare_stats.h"

using accellab::RatioInterval;
using Values = std::vector<double>;
Q_DECLARE_METATYPE(Values)

class TestCompareStats : public QObject {
  Q_OBJECT

 private slots:
  void mannWhitneyU_data() {
    QTest::addColumn<Values>("x");
    QTest::addColumn<Values>("y");
    QTest::addColumn<double>("statistic");
    QTest::addColumn<double>("pValue");
    QTest::addColumn<bool>("exact");
    const auto row = [](const char* name, Values x, Values y, double statistic, double pValue,
                        bool exact) {
      QTest::newRow(name) << x << y << statistic << pValue << exact;
    };
    // scipy 1.10.1
    row("exact 4 vs 5", {1.1, 2.3, 0.7, 3.5}, {4.2, 5.1, 3.9, 6.0, 2.8}, 1.0, 0.031746031746031744,
        true);
    row("exact 8 vs 8 overlapping", {2.1, 3.4, 1.9, 5.6, 4.4, 3.3, 2.8, 4.9},
        {3.0, 4.1, 5.2, 6.3, 2.2, 5.8, 4.7, 6.9}, 17.0, 0.13038073038073036, true);
    row("exact separated 5 vs 5", {1.0, 2.0, 3.0, 4.0, 5.0}, {6.0, 7.0, 8.0, 9.0, 10.0}, 0.0,
        0.007936507936507936, true);
    row("exact 1 vs 1", {1.0}, {2.0}, 0.0, 1.0, true);
    row("exact 3 vs 12", {0.9, 1.4, 0.8},
        {1.0, 1.1, 1.2, 1.3, 1.5, 1.6, 1.7, 1.8, 1.9, 2.0, 2.1, 2.2}, 4.0, 0.04835164835164835,
        true);
    row("ties make it asymptotic", {1.0, 2.0, 2.0, 3.0}, {2.0, 3.0, 4.0, 4.0, 5.0}, 2.5,
        0.07854585095119067, false);
    row("asymptotic 10 vs 12", {10.2, 9.8, 10.5, 10.1, 9.9, 10.7, 10.3, 10.0, 9.7, 10.4},
        {10.6, 11.1, 10.9, 11.4, 10.8, 11.0, 11.3, 10.2, 11.2, 11.5, 10.95, 11.05}, 5.5,
        0.00036851707121532076, false);
    row("asymptotic with ties", {3.0, 3.0, 4.0, 4.0, 4.0, 5.0, 5.0, 6.0, 6.0, 7.0},
        {4.0, 5.0, 5.0, 6.0, 6.0, 6.0, 7.0, 7.0, 8.0, 8.0, 9.0}, 21.5, 0.018309776009175376, false);
    row("identical", {0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.1, 1.2, 1.3},
        {0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.1, 1.2, 1.3}, 40.5, 1.0, false);
    row("all equal", {2.0, 2.0, 2.0}, {2.0, 2.0}, 3.0, 1.0, false);
  }
  void mannWhitneyU() {
    QFETCH(Values, x);
    QFETCH(Values, y);
    QFETCH(double, statistic);
    QFETCH(double, pValue);
    QFETCH(bool, exact);
    const auto result = accellab::mannWhitneyU(x, y);
    QCOMPARE(result.statistic, statistic);
    QVERIFY2(std::abs(result.pValue - pValue) <= 1e-12 * pValue,
             qPrintable(QString::number(result.pValue, 'g', 17)));
    QCOMPARE(result.exact, exact);
    // Two-sided: the order of the samples changes U, not p.
    QVERIFY(std::abs(accellab::mannWhitneyU(y, x).pValue - pValue) <= 1e-12 * pValue);
  }

  // One sample of 5000 values: SciPy's recursion could not hold the table, the product of
  // Gaussian binomials needs 5 passes over 12500 coefficients.
  void exactWithALargeSecondSample() {
    Values large;
    for (int i = 0; i < 5000; ++i) large.push_back(1 + i * 1e-4);
    const auto result = accellab::mannWhitneyU(Values{0.5, 0.6, 0.7, 0.8, 0.9}, large);
    QVERIFY(result.exact);
    QCOMPARE(result.statistic, 0.0);
    // 2 / C(5005, 5)
    QVERIFY(std::abs(result.pValue / 7.65700294357331e-17 - 1) < 1e-12);
  }

  void emptySampleGivesNoEvidence() {
    QCOMPARE(accellab::mannWhitneyU(Values{}, Values{1, 2}).pValue, 1.0);
    QCOMPARE(accellab::mannWhitneyU(Values{1, 2}, Values{}).pValue, 1.0);
  }

  void smallestPValue_data() {
    QTest::addColumn<int>("m");
    QTest::addColumn<int>("n");
    QTest::addColumn<double>("expected");
    QTest::newRow("3 + 3") << 3 << 3 << 0.1;
    QTest::newRow("5 + 5") << 5 << 5 << 2.0 / 252;
    QTest::newRow("1 + 1") << 1 << 1 << 1.0;
    QTest::newRow("empty") << 0 << 4 << 1.0;
  }
  void smallestPValue() {
    QFETCH(int, m);
    QFETCH(int, n);
    QFETCH(double, expected);
    QCOMPARE(accellab::smallestPValue(m, n), expected);
    // It is what the test gives for samples that do not overlap at all.
    if (m > 0 && n > 0) {
      Values x, y;
      for (int i = 0; i < m; ++i) x.push_back(i);
      for (int i = 0; i < n; ++i) y.push_back(100 + i);
      QVERIFY(std::abs(accellab::mannWhitneyU(x, y).pValue - expected) < 1e-15);
    }
  }

  void bootstrap_data() {
    QTest::addColumn<Values>("base");
    QTest::addColumn<Values>("next");
    QTest::addColumn<double>("low");
    QTest::addColumn<double>("high");
    const auto row = [](const char* name, Values base, Values next, double low, double high) {
      QTest::newRow(name) << base << next << low << high;
    };
    // scipy 1.10.1
    row("timings 12 vs 12, 10 % slower",
        {1.02, 0.98, 1.01, 0.99, 1.05, 1.0, 0.97, 1.03, 1.01, 0.96, 1.04, 1.0},
        {1.12, 1.08, 1.1, 1.11, 1.06, 1.13, 1.09, 1.1, 1.15, 1.07, 1.11, 1.09}, 1.0686274509803921,
        1.1212121212121213);
    row("noisy 30 vs 25, same median",
        {1.0002, 1.0616, 0.9466, 0.8368, 0.9131, 0.8201, 1.0121, 1.3074, 0.9062, 0.8833,
         1.1029, 1.074,  1.0213, 0.8302, 0.9942, 1.1492, 0.7643, 0.9125, 0.6837, 0.7727,
         0.6919, 0.9541, 0.7761, 1.0558, 1.0318, 0.9633, 0.6045, 0.8979, 0.9903, 1.0229},
        {0.7063, 0.7654, 0.7617, 0.9321, 0.6297, 0.9629, 0.8258, 1.1957, 1.2109,
         1.3211, 1.1659, 0.9895, 1.1876, 1.3513, 0.8775, 1.1298, 0.9915, 1.3338,
         0.8459, 0.9415, 1.0752, 1.053,  0.7204, 1.0747, 0.9766},
        0.9347172081829123, 1.1969038868470876);
  }
  // Another generator than SciPy's, so the ends agree up to resampling noise: with 200000
  // rounds its standard deviation is 0.2 % of the interval's width (2 % with the default
  // 2000, measured over 300 seeds).
  void bootstrap() {
    QFETCH(Values, base);
    QFETCH(Values, next);
    QFETCH(double, low);
    QFETCH(double, high);
    const RatioInterval ci = accellab::bootstrapMedianRatio95(base, next, 20261130, 200000);
    const double tolerance = 0.01 * (high - low);
    QVERIFY2(
        std::abs(ci.low - low) <= tolerance && std::abs(ci.high - high) <= tolerance,
        qPrintable(QStringLiteral("%1 .. %2").arg(ci.low, 0, 'g', 17).arg(ci.high, 0, 'g', 17)));
  }

  void bootstrapIsSeeded() {
    const Values base{1.02, 0.98, 1.01, 0.99, 1.05, 1.0, 0.97, 1.03, 1.01, 0.96, 1.04};
    const Values next{1.12, 1.08, 1.1, 1.11, 1.06, 1.13, 1.09, 1.1, 1.15, 1.07, 1.11};
    const RatioInterval first = accellab::bootstrapMedianRatio95(base, next, 1);
    QCOMPARE(accellab::bootstrapMedianRatio95(base, next, 1), first);
    QVERIFY(accellab::bootstrapMedianRatio95(base, next, 2) != first);
    // These exact values pin the generator: a change to it shows here, not as a drift in
    // every saved comparison.
    QCOMPARE(first.low, 1.0594059405940595);
    QCOMPARE(first.high, 1.1326530612244898);
  }

  void bootstrapOfConstantSamplesIsTheRatio() {
    const RatioInterval ci = accellab::bootstrapMedianRatio95(Values{2, 2, 2}, Values{3, 3}, 7);
    QCOMPARE(ci.low, 1.5);
    QCOMPARE(ci.high, 1.5);
  }

  void bootstrapOfNothingIsEmpty() {
    QCOMPARE(accellab::bootstrapMedianRatio95(Values{}, Values{1}, 7), RatioInterval{});
    QCOMPARE(accellab::bootstrapMedianRatio95(Values{0, 0, 0}, Values{1}, 7), RatioInterval{});
  }
};

QTEST_APPLESS_MAIN(TestCompareStats)
#include "tst_compare_stats.moc"
