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
    Session session = goldenSession();
    for (Run& run : session.runs) {
      run.system.bandwidthCeilingBytesPerS = ceiling;
      run.system.gpus[0].copyCeilingBytesPerS = ceiling * 100;
    }
    ResultsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setReportOptions(options);
    // The first run at once; the second begun empty, its points one by one as a run delivers.
    model.setRuns({session.runs[0]});
    Run second = session.runs[1];
    second.points.clear();
    model.appendRun(second);
    for (const PointResult& point : session.runs[1].points) model.appendPoint(second.id, point);

    std::vector<ReportRow> rows = buildRunRows(session.runs[0], options);
    for (const ReportRow& row : buildRunRows(session.runs[1], options)) rows.push_back(row);
    const auto columns = columnsIn(inTable);
    QCOMPARE(model.rowCount(), static_cast<int>(rows.size()));
    QCOMPARE(model.columnCount(), static_cast<int>(columns.size()));
    for (std::size_t h = 0; h < columns.size(); ++h)
      QCOMPARE(model.headerData(static_cast<int>(h), Qt::Horizontal).toString(),
               QString::fromUtf8(columns[h]->header.data(), columns[h]->header.size()));
    for (std::size_t r = 0; r < rows.size(); ++r) {
      QCOMPARE(model.index(static_cast<int>(r), 0).data(ResultsModel::RunRole).toInt(),
               rows[r].runId);
      for (std::size_t c = 0; c < columns.size(); ++c)
        QCOMPARE(model.index(static_cast<int>(r), static_cast<int>(c)).data().toString(),
                 QString::fromStdString(columns[c]->text(rows[r])));
    }
    // The second run's loop is its own baseline, whatever run 1 measured; that run has no
    // vectorized point, so with that baseline its row has no speedup rather than run 1's.
    const int speedup = columnNamed(model, QStringLiteral("speedup"));
    QCOMPARE(model.index(model.rowCount() - 1, speedup).data().toString(),
             baseline == QStringLiteral("loop") ? QStringLiteral("1.00x") : QStringLiteral("-"));
  }

  void sortsByNumberNotText() {
    const Session session = goldenSession();
    ResultsModel model;
    model.setRuns(session.runs);
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
    model.setRuns(session.runs);
    const int variant = columnNamed(model, QStringLiteral("variant"));
    const int threads = columnNamed(model, QStringLiteral("threads"));
    const QModelIndexList indexes{model.index(2, threads), model.index(1, variant),
                                  model.index(1, threads), model.index(2, variant)};
    const auto rows = buildRunRows(session.runs[0]);
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
