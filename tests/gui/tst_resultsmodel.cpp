// ResultsModel: the CLI's cells for every point, numeric sorting, copying as text.
#include <QAbstractItemModelTester>
#include <QSortFilterProxyModel>
#include <QtTest>

#include "accellab/report.h"
#include "accellab/session.h"
#include "models/resultsmodel.h"
#include "models/selectiontext.h"

using namespace accellab;
using namespace accellab::gui;

namespace {

Session goldenSession() {
  return readSessionFile(QStringLiteral(ACCELLAB_TEST_DATA_DIR "/session.json").toStdString());
}

int columnNamed(const QAbstractItemModel& model, const QString& name) {
  for (int c = 0; c < model.columnCount(); ++c)
    if (model.headerData(c, Qt::Horizontal).toString() == name) return c;
  return -1;
}

}  // namespace

class TestResultsModel : public QObject {
  Q_OBJECT

 private slots:
  void cellsAreTheEngineReport_data() {
    QTest::addColumn<QString>("baseline");
    QTest::addColumn<double>("ceiling");
    QTest::addColumn<bool>("endToEnd");
    QTest::newRow("loop baseline, measured ceiling") << QStringLiteral("loop") << 20e9 << false;
    QTest::newRow("vectorized baseline, no ceiling")
        << QStringLiteral("vectorized") << 0.0 << false;
    QTest::newRow("loop baseline, gpu end to end") << QStringLiteral("loop") << 20e9 << true;
  }
  void cellsAreTheEngineReport() {
    QFETCH(QString, baseline);
    QFETCH(double, ceiling);
    QFETCH(bool, endToEnd);
    const ReportOptions options{baseline.toStdString(),
                                endToEnd ? GpuTime::endToEnd : GpuTime::kernel};
    const Session session = goldenSession();
    ResultsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setCeilings({ceiling, ceiling * 100});
    model.setReportOptions(options);
    // Half the points at once, the rest one by one as a run delivers them.
    const std::size_t half = session.points.size() / 2;
    model.setPoints({session.points.begin(), session.points.begin() + static_cast<long>(half)});
    for (std::size_t i = half; i < session.points.size(); ++i) model.appendPoint(session.points[i]);

    const auto rows = buildReportRows(session.points, {ceiling, ceiling * 100}, options);
    const auto headers = reportHeaders();
    QCOMPARE(model.rowCount(), static_cast<int>(rows.size()));
    QCOMPARE(model.columnCount(), static_cast<int>(headers.size()) + 1);
    for (std::size_t h = 0; h < headers.size(); ++h)
      QCOMPARE(model.headerData(static_cast<int>(h) + 1, Qt::Horizontal).toString(),
               QString::fromStdString(headers[h]));
    for (std::size_t r = 0; r < rows.size(); ++r) {
      const auto cells = formatReportRow(rows[r]);
      QCOMPARE(model.index(static_cast<int>(r), 0).data().toString(),
               QString::fromStdString(rows[r].group));
      for (std::size_t c = 0; c < cells.size(); ++c)
        QCOMPARE(model.index(static_cast<int>(r), static_cast<int>(c) + 1).data().toString(),
                 QString::fromStdString(cells[c]));
    }
  }

  void sortsByNumberNotText() {
    const Session session = goldenSession();
    ResultsModel model;
    model.setPoints(session.points);
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(ResultsModel::SortRole);
    const int median = columnNamed(model, QStringLiteral("median"));
    QVERIFY(median > 0);
    proxy.sort(median, Qt::AscendingOrder);
    double previous = -1;
    int okRows = 0;
    for (int r = 0; r < proxy.rowCount(); ++r) {
      const auto source = proxy.mapToSource(proxy.index(r, median));
      const double value = model.rows()[static_cast<std::size_t>(source.row())].medianS;
      QVERIFY2(value >= previous, "rows are not in ascending order of the median");
      previous = value;
      okRows += value > 0;
    }
    QVERIFY(okRows >= 3);  // the golden session spans µs and ms: text order would differ
  }

  void copiesSelectionAsTabSeparatedText() {
    const Session session = goldenSession();
    ResultsModel model;
    model.setPoints(session.points);
    const int variant = columnNamed(model, QStringLiteral("variant"));
    const int threads = columnNamed(model, QStringLiteral("threads"));
    const QModelIndexList indexes{model.index(2, threads), model.index(1, variant),
                                  model.index(1, threads), model.index(2, variant)};
    const auto rows = buildReportRows(session.points, {});
    const QString expected = QStringLiteral("variant\tthreads\n%1\t%2\n%3\t%4\n")
                                 .arg(QString::fromStdString(rows[1].variant))
                                 .arg(rows[1].threads)
                                 .arg(QString::fromStdString(rows[2].variant))
                                 .arg(rows[2].threads);
    QCOMPARE(selectionAsText(model, indexes), expected);
    QCOMPARE(selectionAsText(model, {}), QString());
  }
};

QTEST_MAIN(TestResultsModel)
#include "tst_resultsmodel.moc"
