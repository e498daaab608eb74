// Natural order of text with numbers, and the results table sorting its problem column so.
#include <QStandardItemModel>
#include <QtTest>

#include "models/naturalorder.h"
#include "models/resultsmodel.h"
#include "models/runfiltermodel.h"

using namespace accellab::gui;

class TestNaturalOrder : public QObject {
  Q_OBJECT

 private slots:
  void compare_data() {
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<int>("order");  // the sign of naturalCompare(a, b)
    const auto row = [](const char* name, const char* a, const char* b, int order) {
      QTest::newRow(name) << QString::fromUtf8(a) << QString::fromUtf8(b) << order;
    };
    row("shape: 16 before 1024", "16x256x256 f64", "1024x1024x512 f64", -1);
    row("shape: later extent decides", "64x64x64 f32", "64x64x512 f32", -1);
    row("element type", "16x64x64 f32", "16x64x64 f64", -1);
    row("samples by value, exponent included", "3e7 samples", "1e9 samples", -1);
    row("same value, written apart", "10000 samples", "1e4 samples", -1);
    row("decimal part", "2.5 s", "10 s", -1);
    row("case does not decide first", "Loop 2", "loop 10", -1);
    row("prefix first", "add", "add 2", -1);
    row("equal", "1024x1024x512 f64", "1024x1024x512 f64", 0);
    row("number before text", "2 points", "two points", -1);
    row("a lone e is text", "2e", "2f", -1);
  }
  void compare() {
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(int, order);
    const auto sign = [](int v) { return (v > 0) - (v < 0); };
    QCOMPARE(sign(naturalCompare(a, b)), order);
    QCOMPARE(sign(naturalCompare(b, a)), -order);
  }

  // The table sorts its text columns naturally and its numbers by value.
  void filterModelSortsNaturally() {
    QStandardItemModel source;
    const QStringList problems = {
        QStringLiteral("1024x1024x512 f64"), QStringLiteral("16x256x256 f64"),
        QStringLiteral("256x256x256 f64"), QStringLiteral("16x64x64 f64")};
    const QList<double> times = {100.0, 9.5, 20.0, 1.0};
    for (int r = 0; r < problems.size(); ++r) {
      auto* problem = new QStandardItem(problems[r]);
      problem->setData(problems[r], ResultsModel::SortRole);
      auto* time = new QStandardItem;
      time->setData(times[r], ResultsModel::SortRole);
      source.appendRow({problem, time});
    }
    RunFilterModel sorted;
    sorted.setSourceModel(&source);
    sorted.sort(0, Qt::AscendingOrder);
    QStringList order;
    for (int r = 0; r < sorted.rowCount(); ++r) order << sorted.index(r, 0).data().toString();
    QCOMPARE(order,
             (QStringList{QStringLiteral("16x64x64 f64"), QStringLiteral("16x256x256 f64"),
                          QStringLiteral("256x256x256 f64"), QStringLiteral("1024x1024x512 f64")}));
    sorted.sort(1, Qt::AscendingOrder);
    QCOMPARE(sorted.index(0, 0).data().toString(), QStringLiteral("16x64x64 f64"));
    QCOMPARE(sorted.index(3, 0).data().toString(), QStringLiteral("1024x1024x512 f64"));
  }
};

QTEST_APPLESS_MAIN(TestNaturalOrder)
#include "tst_naturalorder.moc"
