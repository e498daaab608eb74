// Judging a measurement: flags, their names and the advice shown for them.
#include <QtTest>

#include "accellab/quality.h"
#include "sample_session.h"

using namespace accellab;

namespace {

PointResult measured(std::vector<double> samples, double firstCallS) {
  PointResult result = test::measuredPoint({"add", "loop", test::arrayParams({4, 4, 4}), 1},
                                           std::move(samples), {64, 1024});
  result.firstCallS = firstCallS;
  return result;
}

}  // namespace

class TestQuality : public QObject {
  Q_OBJECT

 private slots:
  void judges_data() {
    QTest::addColumn<QList<double>>("samples");
    QTest::addColumn<double>("firstCallS");
    QTest::addColumn<QString>("flags");
    QTest::newRow("steady") << QList<double>{1.0, 1.01, 0.99} << 2.0 << "";
    QTest::newRow("under the limit") << QList<double>{0.96, 1.0, 1.04} << 1.0 << "";
    QTest::newRow("over the limit") << QList<double>{0.94, 1.0, 1.06} << 1.0 << "unstable";
    QTest::newRow("wide") << QList<double>{0.5, 1.0, 1.5} << 1.0 << "unstable";
    QTest::newRow("cold") << QList<double>{1.0, 1.0, 1.0} << 10.5 << "cold";
    QTest::newRow("both") << QList<double>{0.5, 1.0, 1.5} << 11.0 << "unstable, cold";
    // A fifth of the samples 12x slower: the MAD is 0, the tail is 20 % of the samples.
    QList<double> tail(16, 1.0);
    tail << 12.0 << 12.0 << 12.0 << 12.0;
    QTest::newRow("heavy tail") << tail << 1.0 << "outliers";
    // One sample in ten far out (not above the share) still drags the mean to 1.9 medians.
    QList<double> one(9, 1.0);
    one << 10.0;
    QTest::newRow("mean far above the median") << one << 1.0 << "outliers";
    // 5 % far out: within the share, the mean at 1.45 medians.
    QList<double> few(19, 1.0);
    few << 10.0;
    QTest::newRow("a few slow samples") << few << 1.0 << "";
  }
  void judges() {
    QFETCH(QList<double>, samples);
    QFETCH(double, firstCallS);
    QFETCH(QString, flags);
    const PointResult result = measured({samples.begin(), samples.end()}, firstCallS);
    QCOMPARE(QString::fromStdString(flagsText(judgeQuality(result, {}))), flags);
  }

  void onlyOkPointsAreJudged() {
    PointResult result = measured({0.5, 1.0, 1.5}, 20);
    result.status = PointStatus::failed;
    result.flags.cutShort = true;
    const PointFlags flags = judgeQuality(result, {});
    QVERIFY(!flags.unstable && !flags.cold);
    QVERIFY(flags.cutShort);  // only the runner knows it; judging keeps it
  }

  void namesRoundTrip() {
    PointFlags flags;
    for (const std::string& name : everyFlagName()) QVERIFY(setFlag(flags, name));
    QCOMPARE(flagNames(flags),
             (std::vector<std::string>{"unstable", "cut-short", "cold", "outliers"}));
    QVERIFY(!setFlag(flags, "wobbly"));
    QCOMPARE(flagsText({}), std::string());
  }

  void adviceSaysWhyAndWhatToDo() {
    PointResult result = measured({0.5, 1.0, 1.5}, 20);
    result.flags = judgeQuality(result, {});
    result.flags.cutShort = true;
    const std::string advice = flagAdvice(result, {});
    QVERIFY2(advice.find("MAD is 50.0 % of the median (limit 5.0 %)") != std::string::npos,
             advice.c_str());
    QVERIFY(advice.find("--rerun-unstable") != std::string::npos);
    QVERIFY(advice.find("stopped it after 3 repetitions") != std::string::npos);
    QVERIFY(advice.find("first call took 20.0x the median") != std::string::npos);
    QCOMPARE(flagAdvice(measured({1, 1, 1}, 1), {}), std::string());
  }

  void outliersAdviceNamesTheRule() {
    std::vector<double> samples(16, 1.0);
    samples.insert(samples.end(), 4, 12.0);
    PointResult result = measured(samples, 1);
    result.flags = judgeQuality(result, {});
    const std::string advice = flagAdvice(result, {});
    QVERIFY2(
        advice.find("outliers: 20.0 % of the samples lie outside Tukey's fences (limit "
                    "10.0 %) and the mean is 3.20x the median (limit 1.50x)") != std::string::npos,
        advice.c_str());
    // Too few samples for the fences: the mean alone flagged it, and only the mean is named.
    PointResult few = measured({1, 1, 1, 1, 10}, 1);
    few.flags = judgeQuality(few, {});
    const std::string meanOnly = flagAdvice(few, {});
    QVERIFY2(meanOnly.find("outliers: the mean is 2.80x the median (limit 1.50x): a heavy") !=
                 std::string::npos,
             meanOnly.c_str());
  }

  // What the re-runs measure again and keep: a heavy tail as an unstable point; a steady
  // measurement over a flagged one whatever their spreads.
  void heavyTailsAreRemeasured() {
    std::vector<double> samples(16, 1.0);
    samples.insert(samples.end(), 4, 12.0);
    PointResult tailed = measured(samples, 1);
    tailed.flags = judgeQuality(tailed, {});
    QVERIFY(worthRemeasuring(tailed));
    PointResult steady = measured({0.97, 1.0, 1.03}, 1);
    steady.flags = judgeQuality(steady, {});
    QVERIFY(!worthRemeasuring(steady));
    QVERIFY(steadier(steady, tailed));
    QVERIFY(!steadier(tailed, steady));
  }
};

QTEST_APPLESS_MAIN(TestQuality)
#include "tst_quality.moc"
