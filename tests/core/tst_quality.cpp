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
    for (const char* name : {"unstable", "cut-short", "cold"}) QVERIFY(setFlag(flags, name));
    QCOMPARE(flagNames(flags), (std::vector<std::string>{"unstable", "cut-short", "cold"}));
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
};

QTEST_APPLESS_MAIN(TestQuality)
#include "tst_quality.moc"
