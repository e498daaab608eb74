// ComparisonModel: the engine's comparison cells, verdicts coloured, sorting by raw values.
#include <QAbstractItemModelTester>
#include <QBrush>
#include <QSortFilterProxyModel>
#include <QtTest>

#include "accellab/compare_report.h"
#include "compared_runs.h"
#include "models/comparisonmodel.h"

using namespace accellab;
using namespace accellab::gui;

namespace {

int columnNamed(const QAbstractItemModel& model, const QString& name) {
  for (int c = 0; c < model.columnCount(); ++c)
    if (model.headerData(c, Qt::Horizontal).toString() == name) return c;
  qFatal("no column %s", qPrintable(name));
}

}  // namespace

class TestComparisonModel : public QObject {
  Q_OBJECT

 private slots:
  void cellsAreTheEngineComparison() {
    const Comparison comparison = compareRuns(test::comparedBase(), test::comparedNew());
    ComparisonModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setComparison(comparison);
    const auto columns = comparisonColumnsIn(inTable);
    QCOMPARE(model.rowCount(), static_cast<int>(comparison.rows.size()));
    QCOMPARE(model.columnCount(), static_cast<int>(columns.size()));
    for (std::size_t r = 0; r < comparison.rows.size(); ++r)
      for (std::size_t c = 0; c < columns.size(); ++c)
        QCOMPARE(model.index(static_cast<int>(r), static_cast<int>(c)).data().toString(),
                 QString::fromStdString(columns[c]->text(comparison.rows[r])));
    model.clear();
    QCOMPARE(model.rowCount(), 0);
  }

  // Runs of distributed points: a ranks column, each row the rank count it paired on.
  void distributedRunsShowRanks() {
    const Session mpi =
        readSessionFile(std::filesystem::path(ACCELLAB_TEST_DATA_DIR) / "session-mpi.json");
    const Comparison comparison = compareRuns(mpi.runs[1], mpi.runs[1]);
    ComparisonModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setComparison(comparison);
    QCOMPARE(model.columnCount(), static_cast<int>(comparisonColumnsIn(inTable, true).size()));
    const int ranks = columnNamed(model, QStringLiteral("ranks"));
    QCOMPARE(model.index(5, ranks).data().toString(), QStringLiteral("4"));
    QCOMPARE(model.index(5, columnNamed(model, QStringLiteral("verdict"))).data().toString(),
             QStringLiteral("no significant change"));
    model.setComparison(compareRuns(test::comparedBase(), test::comparedNew()));
    QCOMPARE(model.columnCount(), static_cast<int>(comparisonColumnsIn(inTable).size()));
  }

  // Slower in red, faster in green, unmatched and unmeasured rows grey, no change plain; the
  // verdict sorts what got slower first.
  void verdictsAreColouredAndSortSlowerFirst() {
    const Comparison comparison = compareRuns(test::comparedBase(), test::comparedNew());
    for (Verdict verdict : {Verdict::faster, Verdict::slower, Verdict::unchanged,
                            Verdict::onlyInBase, Verdict::onlyInNew})
      QVERIFY2(countOf(comparison, verdict) == 1, toString(verdict).data());
    ComparisonModel model;
    model.setComparison(comparison);
    const int verdict = columnNamed(model, QStringLiteral("verdict"));
    std::map<QString, QColor> colours;
    for (int r = 0; r < model.rowCount(); ++r) {
      const QVariant brush = model.index(r, verdict).data(Qt::ForegroundRole);
      colours[model.index(r, verdict).data().toString()] =
          brush.isValid() ? brush.value<QBrush>().color() : QColor();
      QVERIFY(!model.index(r, 0).data(Qt::ForegroundRole).isValid());
      QCOMPARE(model.index(r, 0).data(Qt::ToolTipRole).toString(),
               QString::fromStdString(comparison.rows[static_cast<std::size_t>(r)].note));
    }
    const QColor slower = colours.at(QStringLiteral("slower"));
    const QColor faster = colours.at(QStringLiteral("faster"));
    QVERIFY(slower.red() > 2 * slower.green());
    QVERIFY(faster.green() > 2 * faster.red());
    QVERIFY(!colours.at(QStringLiteral("no significant change")).isValid());
    QCOMPARE(colours.at(QStringLiteral("only in base")), colours.at(QStringLiteral("only in new")));

    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(ComparisonModel::SortRole);
    proxy.sort(verdict, Qt::AscendingOrder);
    QCOMPARE(proxy.index(0, verdict).data().toString(), QStringLiteral("slower"));
    QCOMPARE(proxy.index(1, verdict).data().toString(), QStringLiteral("faster"));
    const int ratio = columnNamed(model, QStringLiteral("new/base"));
    proxy.sort(ratio, Qt::DescendingOrder);
    QCOMPARE(proxy.index(0, verdict).data().toString(), QStringLiteral("slower"));
  }
};

QTEST_MAIN(TestComparisonModel)
#include "tst_comparisonmodel.moc"
