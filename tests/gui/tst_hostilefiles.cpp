// The desktop app against hostile files (issue 8): a FIFO, /dev/zero and a sparse file past
// the reader's limit are refused promptly, off the GUI thread; sessions the reader accepts
// that once crashed the charts open in the window and export from the command line; a failed
// autosave keeps the results and says so.
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

#include "accellab/kernels/builtin.h"
#include "chart_sessions.h"
#include "charts/chartpanel.h"
#include "document_waits.h"
#include "fake_prompts.h"
#include "mainwindow.h"
#include "models/resultsmodel.h"
#include "session/sessiondocument.h"

Q_DECLARE_METATYPE(accellab::Session)

using namespace accellab;
using namespace accellab::gui;
using accellab::test::openAndWait;

namespace {

QString validSession() { return QStringLiteral(ACCELLAB_TEST_DATA_DIR "/session-v1.json"); }

long peakRssMb() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024;
}

// A reader blocked in open() on the FIFO returns once a writer comes and goes.
void unblockReadersOf(const QString& fifo) {
  const int fd = ::open(QFile::encodeName(fifo).constData(), O_WRONLY | O_NONBLOCK);
  if (fd >= 0) ::close(fd);
}

QStringList pngsIn(const QString& dir) {
  return QDir(dir).entryList({QStringLiteral("*.png")}, QDir::Files);
}

}  // namespace

class TestHostileFiles : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void init() { dir_ = std::make_unique<QTemporaryDir>(); }
  void cleanup() {
    unblockReadersOf(fifo());
    dir_.reset();
  }

  // --- refused promptly, off the GUI thread ---

  void hostileFilesAreRefusedPromptly_data() {
    QTest::addColumn<QString>("kind");
    QTest::newRow("fifo") << QStringLiteral("fifo");
    QTest::newRow("/dev/zero") << QStringLiteral("zero");
    QTest::newRow("sparse 300 MiB") << QStringLiteral("sparse");
    QTest::newRow("directory") << QStringLiteral("directory");
  }
  void hostileFilesAreRefusedPromptly() {
    QFETCH(QString, kind);
    QString path;
    if (kind == QStringLiteral("fifo")) {
      path = fifo();
      QVERIFY(::mkfifo(QFile::encodeName(path).constData(), 0600) == 0);
    } else if (kind == QStringLiteral("zero")) {
      path = QStringLiteral("/dev/zero");
    } else if (kind == QStringLiteral("sparse")) {
      path = dir_->filePath(QStringLiteral("sparse.json"));
      QFile file(path);
      QVERIFY(file.open(QIODevice::WriteOnly));
      QVERIFY(file.resize(qint64{300} << 20));  // no blocks: nothing to read but zeros
    } else {
      path = dir_->path();
    }
    SessionDocument document;
    QVERIFY(!openAndWait(document, validSession()));
    const Session before = document.session();
    const long rssBefore = peakRssMb();
    QElapsedTimer timer;
    timer.start();
    const auto error = openAndWait(document, path, 10000);
    QVERIFY(error.has_value());
    QVERIFY2(!error->startsWith(QStringLiteral("timed out")), qPrintable(*error));
    QVERIFY2(error->contains(path), qPrintable(*error));
    // The CLI refuses these in hundredths of a second; /dev/zero took 13 s and then aborted.
    QVERIFY2(timer.elapsed() < 5000, qPrintable(QString::number(timer.elapsed())));
    QVERIFY(peakRssMb() - rssBefore < 128);  // the 300 MiB were never read in
    QVERIFY(document.session() == before);
  }

  // open() returns at once; the session arrives later, on the GUI thread.
  void openingIsAsynchronous() {
    SessionDocument document;
    QSignalSpy opened(&document, &SessionDocument::opened);
    document.open(validSession());
    QVERIFY(document.isLoading());
    QCOMPARE(opened.count(), 0);
    QVERIFY(opened.wait(20000));
    QVERIFY(!document.isLoading());
    QCOMPARE(document.session().runs.size(), std::size_t{1});
  }

  // A second open drops the first one's result: the session is the one asked for last.
  void laterOpenWins() {
    const QString first = writeSession(testing::manyProblems(3), "first.json");
    const QString second = writeSession(testing::noSamples(), "second.json");
    SessionDocument document;
    QSignalSpy opened(&document, &SessionDocument::opened);
    document.open(first);
    document.open(second);
    QVERIFY(opened.wait(20000));
    QTest::qWait(100);
    QCOMPARE(opened.count(), 1);
    QCOMPARE(opened.front().front().toString(), second);
    QVERIFY(document.session() == readSessionFile(second.toStdString()));
  }

  // --- sessions the reader accepts that crashed the charts ---

  void hostileSessionsOpenInTheWindow_data() { hostileSessions(); }
  void hostileSessionsOpenInTheWindow() {
    QFETCH(Session, session);
    const QString path = writeSession(session, "hostile.json");
    FakePrompts prompts;
    auto window = makeWindow(prompts, {});
    window->openSession(path);
    QVERIFY(window->statusBar()->currentMessage().startsWith(QStringLiteral("Opening")));
    QTRY_VERIFY_WITH_TIMEOUT(!window->document().isLoading(), 20000);
    QVERIFY(window->document().session() == session);
    ChartPanel& charts = window->chartPanel();
    for (int chart = 0; chart < charts.chartCount(); ++chart) {
      charts.setCurrentChart(chart);
      (void)charts.snapshot(chart);
      QTest::qWait(10);  // drawn on screen
    }
    QVERIFY(prompts.errors.isEmpty());
  }

  void hostileSessionsExportFromTheCommandLine_data() { hostileSessions(); }
  void hostileSessionsExportFromTheCommandLine() {
    QFETCH(Session, session);
    const QString path = writeSession(session, "hostile.json");
    const QString out = dir_->filePath(QStringLiteral("charts"));
    QProcess app;
    app.start(QStringLiteral(ACCELLAB_APP),
              {QStringLiteral("--export-charts"), path, QStringLiteral("--out"), out});
    QVERIFY(app.waitForFinished(120000));
    QCOMPARE(app.exitStatus(), QProcess::NormalExit);  // it was a segfault
    QCOMPARE(app.exitCode(), 0);
    QCOMPARE(pngsIn(out).size(), 8);
  }

  void commandLineRefusesAFifoPromptly() {
    QVERIFY(::mkfifo(QFile::encodeName(fifo()).constData(), 0600) == 0);
    QProcess app;
    app.start(QStringLiteral(ACCELLAB_APP),
              {QStringLiteral("--export-charts"), fifo(), QStringLiteral("--out"),
               dir_->filePath(QStringLiteral("charts"))});
    const bool finished = app.waitForFinished(10000);
    if (!finished) app.kill();
    QVERIFY(finished);
    QCOMPARE(app.exitCode(), 1);
    QVERIFY(app.readAllStandardError().contains(QFile::encodeName(fifo())));
  }

  // --- autosave ---

  // A failed autosave neither stops nor loses anything: the points stay, the failure is
  // reported, and the next change writes them all once the disk allows.
  void failedAutosaveKeepsTheResultsAndRetries() {
    const QString blocker = dir_->filePath(QStringLiteral("data"));
    QFile file(blocker);
    QVERIFY(file.open(QIODevice::WriteOnly));  // a file where the folder should be
    file.close();
    const QString autosave = blocker + QStringLiteral("/autosave.json");
    SessionDocument document;
    document.setAutosavePath(autosave);
    QSignalSpy failed(&document, &SessionDocument::autosaveFailed);
    QSignalSpy resumed(&document, &SessionDocument::autosaveResumed);
    const Session measured = testing::manyProblems(2);
    document.beginRun(measured.runs[0]);
    document.appendPoint(measured.runs[0].points[0]);
    QTRY_VERIFY(!failed.isEmpty());
    QVERIFY2(failed.front().front().toString().contains(QStringLiteral("autosave.json")),
             qPrintable(failed.front().front().toString()));
    document.appendPoint(measured.runs[0].points[1]);
    QCOMPARE(document.session().runs[0].points.size(), std::size_t{2});
    QVERIFY(document.isModified());

    QTRY_VERIFY(document.isAutosaveIdle());
    QVERIFY(QFile::remove(blocker));
    document.appendPoint(measured.runs[0].points[2]);
    QTRY_COMPARE(resumed.count(), 1);
    QTRY_VERIFY(document.isAutosaveIdle());
    QCOMPARE(readSessionFile(autosave.toStdString()).runs[0].points.size(), std::size_t{3});
  }

  void windowWarnsOfAFailedAutosave() {
    const QString blocker = dir_->filePath(QStringLiteral("data"));
    QFile file(blocker);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.close();
    FakePrompts prompts;
    auto window = makeWindow(prompts, blocker + QStringLiteral("/autosave.json"));
    const Session measured = testing::manyProblems(1);
    window->document().beginRun(measured.runs[0]);
    window->document().appendPoint(measured.runs[0].points[0]);
    QTRY_VERIFY_WITH_TIMEOUT(
        window->statusBar()->currentMessage().startsWith(QStringLiteral("Autosave failed")), 10000);
    QVERIFY(prompts.errors.isEmpty());  // no dialog in the middle of a run
    QCOMPARE(window->resultsModel().rowCount(), 1);
  }

 private:
  QString fifo() const { return dir_->filePath(QStringLiteral("fifo.json")); }

  QString writeSession(const Session& session, const char* name) {
    const QString path = dir_->filePath(QString::fromLatin1(name));
    writeSessionFile(session, path.toStdString());
    return path;
  }

  static void hostileSessions() {
    QTest::addColumn<Session>("session");
    QTest::newRow("no samples") << testing::noSamples();
    QTest::newRow("infinite speedup") << testing::infiniteSpeedup();
    QTest::newRow("extreme samples") << testing::extremeSamples();
  }

  static std::unique_ptr<MainWindow> makeWindow(FakePrompts& prompts, const QString& autosave) {
    auto window = std::make_unique<MainWindow>(
        kernels::makeBuiltinEngine, MainWindowOptions{.prompts = &prompts,
                                                      .measureBandwidth = false,
                                                      .useSettings = false,
                                                      .autosavePath = autosave,
                                                      .checkConditions = [](const SystemInfo&) {
                                                        return std::vector<SystemCondition>{};
                                                      }});
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get())) qFatal("window not exposed");
    return window;
  }

  std::unique_ptr<QTemporaryDir> dir_;
};

QTEST_MAIN(TestHostileFiles)
#include "tst_hostilefiles.moc"
