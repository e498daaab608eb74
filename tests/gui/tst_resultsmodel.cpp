// ResultsModel: the CLI's cells for every point, numeric sorting, copying as text.
#include <QAbstractItemModelTester>
#include <QIcon>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QtTest>
#include <algorithm>

#include "accellab/quality.h"
#include "accellab/report.h"
#include "accellab/session.h"
#include "i18n/adviceterms.h"
#include "models/resultsmodel.h"
#include "models/runfiltermodel.h"
#include "models/selectiontext.h"
#include "sample_session.h"

// The icons live in the GUI library's resources; Q_INIT_RESOURCE needs the global namespace.
static void initResources() { Q_INIT_RESOURCE(accellab); }

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

// Every cell of `model` is the engine's text of the rows of `runs`, run by run.
void compareWithEngine(const QAbstractItemModel& model, const std::vector<Run>& runs) {
  std::vector<ReportRow> rows;
  for (const Run& run : runs)
    for (const ReportRow& row : buildRunRows(run)) rows.push_back(row);
  QCOMPARE(model.rowCount(), static_cast<int>(rows.size()));
  const auto columns = columnsIn(inTable);
  for (std::size_t r = 0; r < rows.size(); ++r)
    for (std::size_t c = 0; c < columns.size(); ++c)
      QCOMPARE(model.index(static_cast<int>(r), static_cast<int>(c)).data().toString(),
               QString::fromStdString(columns[c]->text(rows[r])));
}

// The document's runs and the model that reads them: each change made to the runs first, then
// told to the model, as SessionDocument does.
struct Document {
  std::vector<Run> runs;
  ResultsModel model{runs};

  void set(std::vector<Run> all) {
    runs = std::move(all);
    model.reset();
  }
  void append(Run run) {
    runs.push_back(std::move(run));
    model.runAppended(runs.back().id);
  }
  void appendPoint(int runId, const PointResult& point) {
    find(runId).points.push_back(point);
    model.pointAppended(runId);
  }
  void replacePoint(int runId, int position, const PointResult& point) {
    find(runId).points[static_cast<std::size_t>(position)] = point;
    model.pointReplaced(runId, position);
  }
  void remove(int runId) {
    std::erase_if(runs, [runId](const Run& run) { return run.id == runId; });
    model.runRemoved(runId);
  }
  Run& find(int runId) {
    return *std::ranges::find_if(runs, [runId](const Run& run) { return run.id == runId; });
  }
};

// The document holding the session's first run, and its second begun empty as a run in the
// window begins; the second's id.
int startSecondRun(Document& document, const Session& session) {
  document.set({session.runs[0]});
  Run second = session.runs[1];
  second.points.clear();
  document.append(second);
  return second.id;
}

}  // namespace

class TestResultsModel : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { initResources(); }

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
    Document document;
    ResultsModel& model = document.model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setReportOptions(options);
    // The first run at once; the second begun empty, its points one by one as a run delivers.
    const int second = startSecondRun(document, session);
    for (const PointResult& point : session.runs[1].points) document.appendPoint(second, point);

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
    // Run 1's add counts its FLOPs, run 3's does not: a gap, not 0.
    const int flopRate = columnNamed(model, QStringLiteral("FLOP rate"));
    const int intensity = columnNamed(model, QStringLiteral("intensity"));
    QCOMPARE(model.index(0, flopRate).data().toString(), QStringLiteral("65.5 MFLOP/s"));
    QCOMPARE(model.index(0, intensity).data().toString(), QStringLiteral("0.0625 FLOP/B"));
    QCOMPARE(model.index(model.rowCount() - 1, flopRate).data().toString(), QStringLiteral("-"));
    QCOMPARE(model.index(model.rowCount() - 1, intensity).data().toString(), QStringLiteral("-"));
  }

  // Row numbers restart with each run: a row is numbered as its point in its run.
  void rowNumbersAreEachRunsOwn() {
    const Session session = goldenSession();
    Document document;
    ResultsModel& model = document.model;
    document.set(session.runs);
    int row = 0;
    for (const Run& run : session.runs)
      for (std::size_t p = 0; p < run.points.size(); ++p, ++row)
        QCOMPARE(model.headerData(row, Qt::Vertical).toInt(), static_cast<int>(p) + 1);
    QVERIFY(session.runs.size() > 1);
    QCOMPARE(
        model.headerData(static_cast<int>(session.runs[0].points.size()), Qt::Vertical).toInt(), 1);
  }

  // Appending a point changes its own row and, when it is its group's first baseline, the
  // rows of that group: nothing else is signalled changed (it once signalled every earlier
  // row, O(points^2) over a long run). The cells still match the engine's, the baseline
  // arriving last included.
  void appendingCostsItsGroupOnly() {
    const Session session = goldenSession();
    const ReportOptions options{.baseline = "loop"};
    Document document;
    ResultsModel& model = document.model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setReportOptions(options);
    const int second = startSecondRun(document, session);
    std::vector<PointResult> points = session.runs[1].points;
    // The loop points last: each then arrives after the rest of its group.
    std::stable_partition(points.begin(), points.end(),
                          [](const PointResult& p) { return p.point.variant != "loop"; });
    QVERIFY(points.back().point.variant == "loop");
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    for (const PointResult& point : points) {
      changed.clear();
      const int firstRow = model.rowCount();
      document.appendPoint(second, point);
      const std::string group = model.rows().back().group;
      for (const QList<QVariant>& signal : changed) {
        const int from = signal[0].toModelIndex().row();
        const int to = signal[1].toModelIndex().row();
        QVERIFY2(from >= static_cast<int>(session.runs[0].points.size()) && to < firstRow,
                 "a row of another run was signalled changed");
        for (int r = from; r <= to; ++r)
          QCOMPARE(model.rows()[static_cast<std::size_t>(r)].group, group);
      }
      if (point.point.variant != "loop") QCOMPARE(changed.count(), 0);
    }
    Run measured = session.runs[1];
    measured.points = points;
    std::vector<ReportRow> rows = buildRunRows(session.runs[0], options);
    for (const ReportRow& row : buildRunRows(measured, options)) rows.push_back(row);
    QCOMPARE(model.rows().size(), rows.size());
    for (std::size_t r = 0; r < rows.size(); ++r)
      QCOMPARE(model.rows()[r].speedup, rows[r].speedup);
  }

  // A distributed run brings the ranks and imbalance columns, for every run's rows; removing
  // it takes them away again.
  void distributedRunsShowRanks() {
    const Session mpi =
        readSessionFile(QStringLiteral(ACCELLAB_TEST_DATA_DIR "/session-mpi.json").toStdString());
    const Run plain = goldenSession().runs[0];
    Document document;
    ResultsModel& model = document.model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    document.set({plain});
    QCOMPARE(columnNamed(model, QStringLiteral("ranks")), -1);
    document.append(mpi.runs[1]);
    QCOMPARE(model.columnCount(), static_cast<int>(columnsIn(inTable, true).size()));
    const int ranks = columnNamed(model, QStringLiteral("ranks"));
    const int imbalance = columnNamed(model, QStringLiteral("imbalance"));
    QVERIFY(ranks >= 0 && imbalance >= 0);
    const int last = model.rowCount() - 1;  // add mpi on 4 ranks
    QCOMPARE(model.index(last, ranks).data().toString(), QStringLiteral("4"));
    QCOMPARE(model.index(last, imbalance).data().toString(), QStringLiteral("1.03x"));
    QCOMPARE(model.index(0, ranks).data().toString(), QStringLiteral("1"));
    QCOMPARE(model.index(0, imbalance).data().toString(), QStringLiteral("-"));
    QCOMPARE(model.index(last, ranks).data(ResultsModel::SortRole).toDouble(), 4.0);
    document.remove(mpi.runs[1].id);
    QCOMPARE(columnNamed(model, QStringLiteral("ranks")), -1);
    QCOMPARE(model.columnCount(), static_cast<int>(columnsIn(inTable).size()));
  }

  // A value a point reports brings its column, before the note, whether the point came with
  // its run, alone or measured again; a row without the value has an empty cell that sorts below
  // every number. Removing the runs that reported it takes the column away.
  void reportedValuesBringColumns() {
    const Session session = goldenSession();
    Run first = session.runs[0];
    first.points[0].values = {{"occupancy", "%", 84.5}};
    Document document;
    ResultsModel& model = document.model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    document.set({first});
    const int occupancy = columnNamed(model, QStringLiteral("occupancy (%)"));
    QCOMPARE(occupancy, columnNamed(model, QStringLiteral("note")) - 1);
    QCOMPARE(model.index(0, occupancy).data().toString(), QStringLiteral("84.5"));
    QCOMPARE(model.index(1, occupancy).data().toString(), QString());
    QCOMPARE(model.index(0, occupancy).data(ResultsModel::SortRole).toDouble(), 84.5);
    QCOMPARE(model.index(1, occupancy).data(ResultsModel::SortRole).toDouble(), -1.0);

    PointResult point = first.points[0];
    point.values = {{"iterations", "", 12}};
    document.appendPoint(first.id, point);
    const int iterations = columnNamed(model, QStringLiteral("iterations"));
    QCOMPARE(iterations, occupancy + 1);
    QCOMPARE(model.index(model.rowCount() - 1, iterations).data().toString(), QStringLiteral("12"));

    point.values = {{"drift", "B/elem", -0.5}};
    document.replacePoint(first.id, 1, point);
    QCOMPARE(model.index(1, columnNamed(model, QStringLiteral("drift (B/elem)"))).data().toString(),
             QStringLiteral("-0.5"));

    Run second = session.runs[1];
    second.points[0].values = {{"waves", "", 3}};
    document.append(second);
    QVERIFY(columnNamed(model, QStringLiteral("waves")) > 0);
    document.remove(second.id);
    QCOMPARE(columnNamed(model, QStringLiteral("waves")), -1);
    QCOMPARE(model.columnCount(), static_cast<int>(columnsIn(inTable).size()) + 3);
  }

  void sortsByNumberNotText() {
    const Session session = goldenSession();
    Document document;
    ResultsModel& model = document.model;
    document.set(session.runs);
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
    Document document;
    ResultsModel& model = document.model;
    document.set(session.runs);
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

  // The flags cell of a flagged point carries a mark and coloured text; the tooltip of the
  // row says why and what to do. Other cells and unflagged rows carry neither.
  void flaggedRowsAreMarked() {
    const Run run = test::sampleRun();
    Document document;
    ResultsModel& model = document.model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    document.set({run});
    const int flags = columnNamed(model, QStringLiteral("flags"));
    const int firstCall = columnNamed(model, QStringLiteral("first call"));
    QVERIFY(flags >= 0);
    QVERIFY(firstCall >= 0);
    int flagged = 0;
    for (int r = 0; r < model.rowCount(); ++r) {
      const PointResult& point = model.point(r);
      const QModelIndex cell = model.index(r, flags);
      QCOMPARE(cell.data().toString(), QString::fromStdString(flagsText(point.flags)));
      QCOMPARE(!cell.data(Qt::DecorationRole).value<QIcon>().isNull(), point.flags.any());
      QCOMPARE(cell.data(Qt::ForegroundRole).isValid(), point.flags.any());
      QVERIFY(!model.index(r, firstCall).data(Qt::DecorationRole).isValid());
      if (!point.flags.any()) continue;
      ++flagged;
      // In the window's words: its fields, never the CLI's flags.
      const QString advice = QString::fromStdString(
          flagAdvice(point, run.settings.measure.quality, windowAdviceTerms()));
      const QString tip = model.index(r, 0).data(Qt::ToolTipRole).toString();
      QVERIFY(tip.contains(advice));
      QVERIFY2(!tip.contains(QStringLiteral("--")), qPrintable(tip));
      if (point.flags.unstable)
        QVERIFY2(tip.contains(QStringLiteral("\u201cMinimum time\u201d")) &&
                     tip.contains(QStringLiteral("\u201cRe-run unstable\u201d")),
                 qPrintable(tip));
    }
    QCOMPARE(flagged, 3);  // cold, unstable and cut short in the sample run
  }

  // The cores a point kept busy: a column of the table, and its tooltip's CPU time (the sample
  // run's parallel ×2 measured 1.96 cores; loop 0.99; the others were not measured: a gap).
  void coresUsedAreShown() {
    const Run run = test::sampleRun();
    Document document;
    ResultsModel& model = document.model;
    document.set({run});
    const int cores = columnNamed(model, QStringLiteral("cores"));
    QVERIFY(cores >= 0);
    for (int r = 0; r < model.rowCount(); ++r) {
      const PointResult& point = model.point(r);
      const QString shown = model.index(r, cores).data().toString();
      const QString tip = model.index(r, 0).data(Qt::ToolTipRole).toString();
      if (!point.cpu) {
        QCOMPARE(shown, QStringLiteral("-"));
        QVERIFY2(!tip.contains(QStringLiteral("cores used")), qPrintable(tip));
        continue;
      }
      QCOMPARE(shown, QString::fromStdString(formatValue(point.cpu->cores, ValueKind::number)));
      QVERIFY2(tip.contains(QStringLiteral("CPU time ")) &&
                   tip.contains(shown + QStringLiteral(" cores used")),
               qPrintable(tip));
    }
  }

  // A point measured again changes the rows of its run (it may be the baseline); deleting a
  // run removes its rows and leaves the others as they were.
  void replacedPointsAndRemovedRuns() {
    Session session = test::sampleSession();
    Document document;
    ResultsModel& model = document.model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    document.set(session.runs);
    PointResult faster = test::measuredPoint(session.runs[0].points[0].point,
                                             {0.0019, 0.002, 0.0021}, {262144, 262144 * 16});
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    document.replacePoint(1, 0, faster);
    session.runs[0].points[0] = faster;
    QCOMPARE(changed.count(), 1);
    compareWithEngine(model, session.runs);

    document.remove(1);
    session.runs.erase(session.runs.begin());
    compareWithEngine(model, session.runs);
    document.remove(1);  // gone already
    compareWithEngine(model, session.runs);
  }

  // Picking runs filters the rows and keeps the sort the user chose.
  void filtersByRunAndKeepsTheSort() {
    const Session session = test::sampleSession();
    Document document;
    ResultsModel& model = document.model;
    document.set(session.runs);
    RunFilterModel proxy;
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    proxy.setSourceModel(&model);
    const int median = columnNamed(model, QStringLiteral("median"));
    proxy.sort(median, Qt::DescendingOrder);
    const auto rowsOf = [&proxy](int runId) {
      int rows = 0;
      for (int r = 0; r < proxy.rowCount(); ++r)
        rows += proxy.index(r, 0).data(ResultsModel::RunRole).toInt() == runId;
      return rows;
    };
    QCOMPARE(proxy.rowCount(), 9);
    proxy.setRuns({1});
    QCOMPARE(proxy.rowCount(), 8);
    QCOMPARE(rowsOf(1), 8);
    proxy.setRuns({3});
    QCOMPARE(proxy.rowCount(), 1);
    QCOMPARE(rowsOf(3), 1);
    proxy.setRuns({1, 3});
    QCOMPARE(proxy.rowCount(), 9);
    QCOMPARE(proxy.sortColumn(), median);
    double previous = std::numeric_limits<double>::infinity();
    for (int r = 0; r < proxy.rowCount(); ++r) {
      const double value = proxy.index(r, median).data(ResultsModel::SortRole).toDouble();
      QVERIFY2(value <= previous, "rows are not in descending order of the median");
      previous = value;
    }
  }
};

QTEST_MAIN(TestResultsModel)
#include "tst_resultsmodel.moc"
