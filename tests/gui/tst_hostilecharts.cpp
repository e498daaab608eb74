// The charts against sessions the reader accepts but that once crashed or stalled them
// (issue 8): points without samples, a speedup that overflows to infinity, thousands of
// thread counts or problems, 100 KB names; and chart exports named by slugs of hostile kernel
// names, written atomically.
#include <sys/resource.h>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <csignal>

#include "chart_sessions.h"
#include "charts/chartexport.h"
#include "charts/chartpanel.h"

Q_DECLARE_METATYPE(accellab::Session)

using namespace accellab;
using namespace accellab::gui;
using namespace accellab::testing;

namespace {

// Every chart of every kernel of `session`, as --export-charts draws them, small.
int renderAll(const Session& session) {
  int images = 0;
  const auto error = renderSessionCharts(
      session, {}, {400, 250}, 1,
      [&](const std::string&, const QString&, const QImage& image) -> std::optional<QString> {
        if (image.isNull()) return QStringLiteral("no image");
        ++images;
        return std::nullopt;
      });
  if (error) qWarning("%s", qPrintable(*error));
  return images;
}

}  // namespace

class TestHostileCharts : public QObject {
  Q_OBJECT

 private slots:
  // --- values no axis can take ---

  void sessionsTheReaderAcceptsDrawEveryChart_data() {
    QTest::addColumn<Session>("session");
    QTest::addColumn<QString>("note");
    QTest::newRow("no samples") << noSamples() << QStringLiteral("(no samples)");
    QTest::newRow("infinite speedup") << infiniteSpeedup() << QString();
    // Times up to the 1e9 s a session holds, beside 1e-300 s: every one drawn.
    QTest::newRow("extreme samples") << extremeSamples() << QString();
  }
  void sessionsTheReaderAcceptsDrawEveryChart() {
    QFETCH(Session, session);
    QFETCH(QString, note);
    // Through a file: the reader accepts it.
    QTemporaryDir dir;
    writeSessionFile(session, dir.filePath(QStringLiteral("s.json")).toStdString());
    session = readSessionFile(dir.filePath(QStringLiteral("s.json")).toStdString());

    ChartPanel panel;
    panel.resize(900, 600);
    panel.setSession(&session);
    panel.setKernel(QStringLiteral("add"));
    for (int chart = 0; chart < panel.chartCount(); ++chart) {
      for (const SeriesSnapshot& series : panel.snapshot(chart))
        for (const QPointF& p : series.points)
          QVERIFY2(std::isfinite(p.x()) && std::isfinite(p.y()), qPrintable(series.name));
      if (!note.isEmpty() && chart == 0)
        QVERIFY2(panel.chartTitle(chart).contains(note), qPrintable(panel.chartTitle(chart)));
    }
    QCOMPARE(renderAll(session), 8);
  }

  // The speedup of 1e600 is left out with a note; the finite ones are drawn.
  void overflowingSpeedupIsLeftOut() {
    const Session session = infiniteSpeedup();
    const ChartInput input = makeChartInput(session, "add", {.baseline = "loop"});
    for (const ChartPoint& p : input.points) {
      if (p.row.speedup) QVERIFY(std::isfinite(*p.row.speedup) && *p.row.speedup > 0);
      if (p.threadSpeedup) QVERIFY(std::isfinite(*p.threadSpeedup) && *p.threadSpeedup > 0);
    }
    const auto vectorized =
        std::ranges::find(input.points, QStringLiteral("vectorized"), &ChartPoint::label);
    QVERIFY(vectorized != input.points.end());
    QVERIFY(!vectorized->row.speedup);  // 3e8 / 1e-300
  }

  // A point with no samples is not charted and the notes say so.
  void pointWithoutSamplesIsAGap() {
    const ChartInput input = makeChartInput(noSamples(), "add", {});
    QVERIFY(input.points.empty());
    QCOMPARE(input.gaps.size(), std::size_t{3});
    for (const ChartGap& gap : input.gaps) QCOMPARE(gap.why, QStringLiteral("no samples"));
  }

  // --- bounded drawing ---

  void manySeriesAreBoundedAndNoted_data() {
    QTest::addColumn<Session>("session");
    QTest::newRow("4096 thread counts") << manyThreadCounts(4096);
    QTest::newRow("3000 problems") << manyProblems(3000);
  }
  // Benchmarks that are not one piece of work have no speedup: the baseline box is not offered,
  // and says why (it offered the first benchmark as one); a run of variants offers it again.
  void unrelatedBenchmarksOfferNoBaseline() {
    Session session = manyThreadCounts(2);
    session.runs.front().unrelatedVariants = true;
    ChartPanel panel;
    panel.resize(900, 600);
    panel.setSession(&session);
    panel.setKernel(QStringLiteral("add"));
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    auto* baseline = panel.findChild<QComboBox*>(QStringLiteral("chartBaseline"));
    QVERIFY(baseline != nullptr);
    QVERIFY(!baseline->isEnabled());
    QVERIFY2(baseline->toolTip().contains(QStringLiteral("no speedup over one another")),
             qPrintable(baseline->toolTip()));
    session.runs.front().unrelatedVariants = false;
    panel.refresh();
    QVERIFY(baseline->isEnabled());
  }

  // A kernel whose variants have long names, shown after one whose names were short: the
  // baseline box grows to show its name whole (it kept the first size: "Sums.tin").
  void theBaselineBoxShowsLongNamesWhole() {
    Session session = manyThreadCounts(2);
    ChartPanel panel;
    panel.resize(900, 600);
    panel.setSession(&session);
    panel.setKernel(QStringLiteral("add"));
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    const QString longName = QStringLiteral("Sums.time_builtin_with_a_long_name");
    for (PointResult& point : session.runs.front().points)
      point.point.variant = longName.toStdString();
    panel.refresh();
    auto* baseline = panel.findChild<QComboBox*>(QStringLiteral("chartBaseline"));
    QCOMPARE(baseline->currentText(), longName);
    QTRY_VERIFY2(baseline->width() > baseline->fontMetrics().horizontalAdvance(longName),
                 qPrintable(QString::number(baseline->width())));
  }

  void manySeriesAreBoundedAndNoted() {
    QFETCH(Session, session);
    ChartPanel panel;
    panel.resize(900, 600);
    QElapsedTimer timer;
    timer.start();
    panel.setSession(&session);
    panel.setKernel(QStringLiteral("add"));
    for (int chart = 0; chart < panel.chartCount(); ++chart) {
      const auto series = panel.snapshot(chart);
      std::size_t boxes = 0;
      for (const SeriesSnapshot& s : series) {
        if (!s.labels.empty()) boxes = std::max(boxes, s.points.size());
        QVERIFY(s.points.size() <= std::max(kMaxSlots, kMaxLinePoints));
      }
      QVERIFY(boxes <= kMaxSlots);
      QVERIFY(series.size() <= kMaxLines + 2);  // and a reference line
    }
    QVERIFY2(panel.chartTitle(0).contains(QStringLiteral("Showing the first 128 of")),
             qPrintable(panel.chartTitle(0)));
    QCOMPARE(renderAll(session), 8);
    // It took minutes and drew nothing; now seconds (a generous bound for slow machines).
    QVERIFY2(timer.elapsed() < 60000, qPrintable(QString::number(timer.elapsed())));
  }

  void longNamesAreElided() {
    const Session session = longVariantNames(100 * 1024, 3);
    ChartPanel panel;
    panel.resize(900, 600);
    panel.setSession(&session);
    panel.setKernel(QStringLiteral("add"));
    for (int chart = 0; chart < panel.chartCount(); ++chart) {
      QVERIFY(panel.chartTitle(chart).size() < 2000);
      for (const SeriesSnapshot& series : panel.snapshot(chart)) {
        QVERIFY(series.name.size() <= 2 * kMaxShownNameLength);
        for (const QString& label : series.labels) QVERIFY(label.size() < 4 * kMaxShownNameLength);
        for (const QString& tip : series.toolTips) QVERIFY(tip.size() < 1000);
      }
    }
    // Elided alike at the start, told apart by their ends.
    const auto speedups = panel.snapshot(1).at(0).labels;
    QCOMPARE(QSet<QString>(speedups.begin(), speedups.end()).size(), 4);
    QCOMPARE(renderAll(session), 8);
  }

  // --- export file names ---

  void fileSlugs_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("slug");
    QTest::newRow("plain") << QStringLiteral("add") << QStringLiteral("add");
    QTest::newRow("parent") << QStringLiteral("../x") << QStringLiteral("x");
    QTest::newRow("absolute") << QStringLiteral("/abs/x") << QStringLiteral("abs_x");
    QTest::newRow("control") << QStringLiteral("a\x1b[2J\r\nb") << QStringLiteral("a_2J_b");
    QTest::newRow("only dots") << QStringLiteral("..") << QStringLiteral("kernel");
    QTest::newRow("empty") << QString() << QStringLiteral("kernel");
    QTest::newRow("dash first") << QStringLiteral("-rf") << QStringLiteral("rf");
    QTest::newRow("unicode") << QStringLiteral("caf\u00e9") << QStringLiteral("caf");
    QTest::newRow("long") << QString(100 * 1024, QLatin1Char('k'))
                          << QString(kMaxSlugLength, QLatin1Char('k'));
  }
  void fileSlugs() {
    QFETCH(QString, name);
    QFETCH(QString, slug);
    QCOMPARE(fileSlug(name.toStdString(), {}), slug);
  }

  void slugsAreUnique() {
    QStringList taken;
    for (const char* name : {"../x", "/x", "X", "x"}) taken << fileSlug(name, taken);
    QCOMPARE(taken, (QStringList{QStringLiteral("x"), QStringLiteral("x-2"), QStringLiteral("X-3"),
                                 QStringLiteral("x-4")}));
    const QString longName(100, QLatin1Char('k'));
    const QString first = fileSlug(longName.toStdString(), {});
    const QString second = fileSlug(longName.toStdString(), {first});
    QVERIFY(second != first);
    QVERIFY(second.size() <= kMaxSlugLength);
  }

  // Kernel names are data: the files stay in the folder asked for, named by slugs.
  void exportStaysInItsFolder() {
    QTemporaryDir root;
    const QString out = root.filePath(QStringLiteral("out/charts"));
    const Params params = shape(16, 256, 256);
    Session session;
    std::vector<PointResult> points;
    for (const std::string& kernel :
         {std::string("../x"), std::string("/abs/x"), std::string("a\x1b[2J\r\nb"),
          std::string(100 * 1024, 'k'), std::string("../../../../../../tmp/escaped")}) {
      PointResult p = measured("loop", params, {0.001, 0.0011});
      p.point.kernel = kernel;
      points.push_back(p);
    }
    session.runs.push_back(run(1, points));
    QStringList written;
    QVERIFY(!exportSessionCharts(session, out, written));
    QCOMPARE(written.size(), 5 * 8);
    const QRegularExpression name(QStringLiteral("^[A-Za-z0-9_-]{1,48}-[a-z-]+\\.png$"));
    for (const QString& path : written) {
      const QFileInfo file(path);
      QCOMPARE(file.absolutePath(), QDir(out).absolutePath());
      QVERIFY2(name.match(file.fileName()).hasMatch(), qPrintable(file.fileName()));
      QVERIFY(file.isFile());
    }
    QCOMPARE(QDir(out).entryList(QDir::Files).size(), 5 * 8);
    // Nothing beside the folder.
    QCOMPARE(QDir(root.filePath(QStringLiteral("out")))
                 .entryList(QDir::AllEntries | QDir::NoDotAndDotDot),
             QStringList{QStringLiteral("charts")});
    QVERIFY(!QFile::exists(QStringLiteral("/abs/x-time.png")));
    QVERIFY(!QFile::exists(QStringLiteral("/tmp/escaped-time.png")));
  }

  // --- atomic exports ---

  // A write cut short (a full disk; here the file size limit) leaves the old image whole.
  void failedExportKeepsTheOldFile() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("speedup.png"));
    {
      QFile old(path);
      QVERIFY(old.open(QIODevice::WriteOnly));
      old.write("precious");
    }
    Session session = sameProblemTwice();
    ChartPanel panel;
    panel.resize(900, 600);
    panel.setSession(&session);
    rlimit before{};
    QVERIFY(getrlimit(RLIMIT_FSIZE, &before) == 0);
    const auto previous = std::signal(SIGXFSZ, SIG_IGN);
    rlimit small = before;
    small.rlim_cur = 4096;  // a PNG of 1000x620 is larger
    QVERIFY(setrlimit(RLIMIT_FSIZE, &small) == 0);
    const auto png = panel.exportPng(1, path, QSize(1000, 620), 2);
    const auto svg = panel.exportSvg(1, path, QSize(1000, 620));
    setrlimit(RLIMIT_FSIZE, &before);
    std::signal(SIGXFSZ, previous);
    QVERIFY(png.has_value());
    QVERIFY2(png->contains(QStringLiteral("speedup.png")), qPrintable(*png));
    QVERIFY(svg.has_value());
    QFile old(path);
    QVERIFY(old.open(QIODevice::ReadOnly));
    QCOMPARE(old.readAll(), QByteArray("precious"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("speedup.png")});
    // And with room, it is replaced.
    QVERIFY(!panel.exportPng(1, path, QSize(500, 310), 2));
    QCOMPARE(QImage(path).size(), QSize(1000, 620));
  }

  void exportRefusesDevicesAndFolders() {
    Session session = sameProblemTwice();
    ChartPanel panel;
    panel.setSession(&session);
    QTemporaryDir dir;
    QVERIFY(panel.exportPng(0, dir.path(), QSize(100, 100), 1).has_value());
    QVERIFY(panel.exportSvg(0, QStringLiteral("/dev/null"), QSize(100, 100)).has_value());
  }
};

QTEST_MAIN(TestHostileCharts)
#include "tst_hostilecharts.moc"
