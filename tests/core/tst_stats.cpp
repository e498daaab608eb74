// Statistics against values computed by hand.
#include <QtTest>
#include <limits>
#include <vector>

#include "accellab/stats.h"

using accellab::Statistics;
using Values = std::vector<double>;
Q_DECLARE_METATYPE(Values)

class TestStats : public QObject {
  Q_OBJECT

 private slots:
  void median_data() {
    QTest::addColumn<Values>("xs");
    QTest::addColumn<double>("expected");
    QTest::newRow("empty") << Values{} << 0.0;
    QTest::newRow("n=1") << Values{5} << 5.0;
    QTest::newRow("odd") << Values{3, 1, 2} << 2.0;
    QTest::newRow("even") << Values{4, 1, 3, 2} << 2.5;
    QTest::newRow("even repeated") << Values{2, 4, 4, 4, 5, 5, 7, 9} << 4.5;
  }
  void median() {
    QFETCH(Values, xs);
    QFETCH(double, expected);
    QCOMPARE(accellab::median(xs), expected);
  }

  void minimumAndMean_data() {
    QTest::addColumn<Values>("xs");
    QTest::addColumn<double>("minimum");
    QTest::addColumn<double>("mean");
    QTest::newRow("empty") << Values{} << 0.0 << 0.0;
    QTest::newRow("n=1") << Values{5} << 5.0 << 5.0;
    QTest::newRow("four") << Values{4, 1, 3, 2} << 1.0 << 2.5;
    QTest::newRow("eight") << Values{2, 4, 4, 4, 5, 5, 7, 9} << 2.0 << 5.0;
  }
  void minimumAndMean() {
    QFETCH(Values, xs);
    QFETCH(double, minimum);
    QFETCH(double, mean);
    QCOMPARE(accellab::minimum(xs), minimum);
    QCOMPARE(accellab::mean(xs), mean);
  }

  void quantile_data() {
    QTest::addColumn<Values>("xs");
    QTest::addColumn<double>("q");
    QTest::addColumn<double>("expected");
    QTest::newRow("empty") << Values{} << 0.5 << 0.0;
    QTest::newRow("q=0") << Values{4, 1, 3, 2} << 0.0 << 1.0;
    QTest::newRow("q=1") << Values{4, 1, 3, 2} << 1.0 << 4.0;
    QTest::newRow("q1 of four") << Values{4, 1, 3, 2} << 0.25 << 1.75;
    QTest::newRow("q3 of four") << Values{4, 1, 3, 2} << 0.75 << 3.25;
    QTest::newRow("10% of five") << Values{50, 10, 40, 20, 30} << 0.1 << 14.0;
  }
  void quantile() {
    QFETCH(Values, xs);
    QFETCH(double, q);
    QFETCH(double, expected);
    QCOMPARE(accellab::quantile(xs, q), expected);
  }

  void stddev_data() {
    QTest::addColumn<Values>("xs");
    QTest::addColumn<double>("expected");
    QTest::newRow("empty") << Values{} << 0.0;
    QTest::newRow("n=1") << Values{5} << 0.0;
    QTest::newRow("three") << Values{3, 1, 2} << 1.0;
    QTest::newRow("four") << Values{1, 2, 3, 4} << std::sqrt(5.0 / 3.0);
    QTest::newRow("eight") << Values{2, 4, 4, 4, 5, 5, 7, 9} << std::sqrt(32.0 / 7.0);
    // Squares past the largest double: the same answer, scaled, instead of infinity.
    QTest::newRow("huge") << Values{3e200, 1e200, 2e200} << 1e200;
  }
  void stddev() {
    QFETCH(Values, xs);
    QFETCH(double, expected);
    QCOMPARE(accellab::stddev(xs), expected);
  }

  void mad_data() {
    QTest::addColumn<Values>("xs");
    QTest::addColumn<double>("expected");
    QTest::newRow("empty") << Values{} << 0.0;
    QTest::newRow("n=1") << Values{5} << 0.0;
    QTest::newRow("three") << Values{3, 1, 2} << 1.0;    // deviations 1 1 0
    QTest::newRow("four") << Values{1, 2, 3, 4} << 1.0;  // 1.5 .5 .5 1.5
    QTest::newRow("eight") << Values{2, 4, 4, 4, 5, 5, 7, 9} << 0.5;
    QTest::newRow("robust to one outlier") << Values{1, 2, 3, 4, 1000} << 1.0;
  }
  void mad() {
    QFETCH(Values, xs);
    QFETCH(double, expected);
    QCOMPARE(accellab::medianAbsoluteDeviation(xs), expected);
  }

  // Ranks l and n+1-l with 1 - 2 P(Binomial(n, 1/2) <= l-1) >= 0.95, the largest such l:
  // n=6: P(B<=0) = 1/64 -> l=1; n=10: P(B<=1) = 11/1024 -> l=2 (P(B<=2) = 56/1024 fails);
  // n=20: P(B<=5) = 21700/2^20 -> l=6; n=100: the textbook ranks 40 and 61.
  void confidence_data() {
    QTest::addColumn<int>("n");
    QTest::addColumn<double>("low");
    QTest::addColumn<double>("high");
    QTest::newRow("n=1") << 1 << 1.0 << 1.0;
    QTest::newRow("n=5 whole range") << 5 << 1.0 << 5.0;
    QTest::newRow("n=6 whole range") << 6 << 1.0 << 6.0;
    QTest::newRow("n=10") << 10 << 2.0 << 9.0;
    QTest::newRow("n=20") << 20 << 6.0 << 15.0;
    QTest::newRow("n=100") << 100 << 40.0 << 61.0;
  }
  void confidence() {
    QFETCH(int, n);
    QFETCH(double, low);
    QFETCH(double, high);
    Values xs;
    for (int i = n; i >= 1; --i) xs.push_back(i);  // ranks equal values, given unsorted
    const auto [lo, hi] = accellab::medianConfidence95(xs);
    QCOMPARE(lo, low);
    QCOMPARE(hi, high);
  }

  void confidenceLargeN() {
    Values xs;
    for (int i = 1; i <= 100000; ++i) xs.push_back(i);
    const auto [lo, hi] = accellab::medianConfidence95(xs);
    // Normal approximation: n/2 -+ 1.96 sqrt(n)/2 = 50000 -+ 309.9.
    QVERIFY2(lo >= 49685 && lo <= 49695, QByteArray::number(lo));
    QCOMPARE(hi, 100001 - lo);
  }

  void outliers_data() {
    QTest::addColumn<Values>("xs");
    QTest::addColumn<int>("expected");
    QTest::newRow("empty") << Values{} << 0;
    QTest::newRow("n=1") << Values{5} << 0;
    QTest::newRow("none") << Values{1, 2, 3, 4, 5} << 0;
    // q1 2, q3 4, fences -1 and 7.
    QTest::newRow("one high") << Values{1, 2, 3, 4, 100} << 1;
    QTest::newRow("on the fence is not out") << Values{1, 2, 3, 4, 7} << 0;
    // q1 2.25, q3 6.75, fences -4.5 and 13.5.
    QTest::newRow("both sides") << Values{-50, 1, 2, 3, 4, 5, 6, 7, 8, 60} << 2;
  }
  void outliers() {
    QFETCH(Values, xs);
    QFETCH(int, expected);
    QCOMPARE(accellab::countOutliers(xs), static_cast<std::size_t>(expected));
  }

  void whiskers_data() {
    QTest::addColumn<Values>("xs");
    QTest::addColumn<double>("low");
    QTest::addColumn<double>("high");
    QTest::newRow("empty") << Values{} << 0.0 << 0.0;
    QTest::newRow("n=1") << Values{5} << 5.0 << 5.0;
    QTest::newRow("no outliers: the extremes") << Values{3, 1, 5, 2, 4} << 1.0 << 5.0;
    // Fences -1 and 7: 100 is out, 4 is the highest sample inside.
    QTest::newRow("one high") << Values{1, 2, 3, 4, 100} << 1.0 << 4.0;
    QTest::newRow("on the fence stays in") << Values{1, 2, 3, 4, 7} << 1.0 << 7.0;
    // Fences -4.5 and 13.5.
    QTest::newRow("both sides") << Values{-50, 1, 2, 3, 4, 5, 6, 7, 8, 60} << 1.0 << 8.0;
  }
  void whiskers() {
    QFETCH(Values, xs);
    QFETCH(double, low);
    QFETCH(double, high);
    const auto [lo, hi] = accellab::tukeyWhiskers(xs);
    QCOMPARE(lo, low);
    QCOMPARE(hi, high);
  }

  void summarizeCombinesAll() {
    const Values xs{2, 4, 4, 4, 5, 5, 7, 9};
    const Statistics s = accellab::summarize(xs);
    QCOMPARE(s.medianS, 4.5);
    QCOMPARE(s.minS, 2.0);
    QCOMPARE(s.meanS, 5.0);
    QCOMPARE(s.stddevS, std::sqrt(32.0 / 7.0));
    QCOMPARE(s.madS, 0.5);
    QCOMPARE(s.ci95LowS, 2.0);  // n=8: l=1, P(B<=0) = 1/256; P(B<=1) = 9/256 fails
    QCOMPARE(s.ci95HighS, 9.0);
    QCOMPARE(s.outliers, std::size_t{1});  // q1 4, q3 5.5, upper fence 7.75: 9 is out
    QVERIFY(accellab::summarize(Values{}) == Statistics{});
  }

  void finiteSamplesHaveFiniteStatistics() {
    // A sum past the largest double: a session holding these must still write and read back.
    const double big = std::numeric_limits<double>::max() / 2;
    const Statistics s = accellab::summarize(Values{big, big, big / 2, big});
    QVERIFY(std::isfinite(s.meanS) && std::isfinite(s.stddevS));
    QCOMPARE(s.meanS, big / 8 * 7);
    QVERIFY(s.stddevS > big / 8 && s.stddevS < big / 2);
  }
};

QTEST_APPLESS_MAIN(TestStats)
#include "tst_stats.moc"
