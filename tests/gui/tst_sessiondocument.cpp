// SessionDocument: atomic save and open round trip, errors that leave the document as it
// was, the modified flag, and the autosave a crash leaves behind.
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "accellab/gbench.h"
#include "accellab/results_file.h"
#include "document_waits.h"
#include "sample_session.h"
#include "session/sessiondocument.h"

using namespace accellab;
using namespace accellab::gui;
using accellab::test::openAndWait;
using accellab::test::recoverAndWait;

namespace {

QString dataFile(const char* name) {
  return QStringLiteral(ACCELLAB_TEST_DATA_DIR "/") + QString::fromLatin1(name);
}

}  // namespace

class TestSessionDocument : public QObject {
  Q_OBJECT

 private slots:
  void saveThenOpenIsEqual() {
    QTemporaryDir dir;
    SessionDocument original;
    QVERIFY(!openAndWait(original, dataFile("session-v1.json")));
    QVERIFY(!original.isModified());
    const QString path = dir.filePath(QStringLiteral("copy.json"));
    QVERIFY(!original.saveAs(path));
    QCOMPARE(original.path(), path);

    SessionDocument reopened;
    QSignalSpy replaced(&reopened, &SessionDocument::sessionReplaced);
    QVERIFY(!openAndWait(reopened, path));
    QCOMPARE(replaced.count(), 1);
    QVERIFY(reopened.session() == original.session());
    QCOMPARE(reopened.session().runs.size(), std::size_t{1});
    QCOMPARE(reopened.session().runs[0].points.size(), std::size_t{8});
    QCOMPARE(reopened.displayName(), QStringLiteral("copy.json"));
  }

  // Google Benchmark JSON opens as one run of an untitled, modified session: saving asks
  // for a new file instead of writing a session over the benchmark's output.
  void googleBenchmarkJsonOpensAsAnUntitledRun() {
    SessionDocument document;
    QSignalSpy replaced(&document, &SessionDocument::sessionReplaced);
    QVERIFY(!openAndWait(document, dataFile("gbench/tiny.json")));
    QCOMPARE(replaced.count(), 1);
    QCOMPARE(document.session().runs.size(), std::size_t{1});
    QVERIFY(!document.session().runs[0].points.empty());
    QVERIFY(document.session().runs[0].settings.origin.starts_with(kGbenchOrigin));
    QVERIFY(document.path().isEmpty());
    QVERIFY(document.isModified());
    const ResultsFile read = readResultsFileWithKind(dataFile("gbench/tiny.json").toStdString());
    QVERIFY(read.kind == ResultsKind::googleBenchmark);
    QVERIFY(read.session == document.session());
    QVERIFY(readResultsFileWithKind(dataFile("session-v1.json").toStdString()).kind ==
            ResultsKind::session);
  }

  void badFilesLeaveTheDocumentUntouched_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("messagePart");
    QTest::newRow("missing") << QStringLiteral("/nonexistent/session.json")
                             << QStringLiteral("cannot read");
    QTest::newRow("empty") << dataFile("malformed/empty.json") << QStringLiteral("not valid JSON");
    QTest::newRow("truncated") << dataFile("malformed/truncated.json")
                               << QStringLiteral("not valid JSON");
    QTest::newRow("other format") << dataFile("malformed/other-format.json")
                                  << QStringLiteral("not an AccelLab session");
    QTest::newRow("newer version")
        << dataFile("malformed/version-3.json") << QStringLiteral("version");
  }
  void badFilesLeaveTheDocumentUntouched() {
    QFETCH(QString, path);
    QFETCH(QString, messagePart);
    SessionDocument document;
    QVERIFY(!openAndWait(document, dataFile("session-v1.json")));
    const Session before = document.session();
    const QString pathBefore = document.path();
    QSignalSpy replaced(&document, &SessionDocument::sessionReplaced);
    const auto error = openAndWait(document, path);
    QVERIFY(error.has_value());
    QVERIFY2(error->contains(messagePart), qPrintable(*error));
    QCOMPARE(replaced.count(), 0);
    QVERIFY(document.session() == before);
    QCOMPARE(document.path(), pathBefore);
    QVERIFY(!document.isModified());
  }

  void saveFailureKeepsTheDocumentModified() {
    SessionDocument document;
    document.beginRun(Run{});
    document.appendPoint(PointResult{});
    QVERIFY(document.isModified());
    QVERIFY(document.saveAs(QStringLiteral("/proc/no-such-dir/x.json")).has_value());
    QVERIFY(document.isModified());
    QVERIFY(document.path().isEmpty());
  }

  void autosavesEveryPointAndRecovers() {
    QTemporaryDir dir;
    const QString autosave = dir.filePath(QStringLiteral("autosave.json"));
    const Session golden = readSessionFile(dataFile("session-v1.json").toStdString());

    SessionDocument running;
    running.setAutosavePath(autosave);
    running.reset();
    QSignalSpy modified(&running, &SessionDocument::modifiedChanged);
    QSignalSpy appended(&running, &SessionDocument::pointAppended);
    const Run& measured = golden.runs[0];
    QCOMPARE(running.beginRun(measured), 1);
    for (std::size_t i = 0; i < 3; ++i) {
      running.appendPoint(measured.points[i]);
      QTRY_VERIFY(running.isAutosaveIdle());
      const Session onDisk = readSessionFile(autosave.toStdString());
      QCOMPARE(onDisk.runs.size(), std::size_t{1});
      QCOMPARE(onDisk.runs[0].points.size(), i + 1);
      QVERIFY(onDisk.runs[0].points.back() == measured.points[i]);
      QCOMPARE(onDisk.runs[0].system, measured.system);
    }
    QCOMPARE(appended.count(), 3);
    QCOMPARE(appended.front().front().toInt(), 1);
    // A second run gets the next id, and its points go to it alone.
    QCOMPARE(running.beginRun(measured), 2);
    running.appendPoint(measured.points[4]);
    QCOMPARE(running.session().runs[0].points.size(), std::size_t{3});
    QCOMPARE(running.session().runs[1].points.size(), std::size_t{1});
    QCOMPARE(modified.count(), 1);

    // The next start, after a crash: the autosave becomes an unsaved, untitled session.
    SessionDocument recovered;
    recovered.setAutosavePath(autosave);
    QTRY_VERIFY(running.isAutosaveIdle());
    QVERIFY(!recoverAndWait(recovered, autosave));
    QVERIFY(recovered.isModified());
    QVERIFY(recovered.path().isEmpty());
    QVERIFY(recovered.session() == running.session());

    // Saving makes the autosave unnecessary.
    QVERIFY(!recovered.saveAs(dir.filePath(QStringLiteral("saved.json"))));
    QVERIFY(!QFile::exists(autosave));
  }

  // Renaming, re-measuring, recording conditions and deleting edit the session in place: each
  // marks it modified and is in the autosave at once.
  void runEditsAreModificationsAndAutosaved() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("two-runs.json"));
    writeSessionFile(test::sampleSession(), path.toStdString());
    const QString autosave = dir.filePath(QStringLiteral("autosave.json"));
    SessionDocument document;
    document.setAutosavePath(autosave);
    QVERIFY(!openAndWait(document, path));
    const auto onDisk = [&] {
      if (!QTest::qWaitFor([&] { return document.isAutosaveIdle(); })) qFatal("autosave hangs");
      return readSessionFile(autosave.toStdString());
    };
    QSignalSpy renamed(&document, &SessionDocument::runRenamed);
    QSignalSpy replaced(&document, &SessionDocument::pointReplaced);
    QSignalSpy conditions(&document, &SessionDocument::conditionsChanged);
    QSignalSpy removed(&document, &SessionDocument::runRemoved);

    document.renameRun(3, "after closing the browser");
    QVERIFY(document.isModified());
    QCOMPARE(renamed.count(), 1);
    QCOMPARE(renamed.front().front().toInt(), 3);
    QCOMPARE(onDisk().runs[1].name, std::string("after closing the browser"));
    document.renameRun(3, "after closing the browser");  // no change
    document.renameRun(7, "no such run");
    QCOMPARE(renamed.count(), 1);

    PointResult steadier = document.session().runs[0].points[2];
    steadier.flags.unstable = false;
    steadier.attempts = 4;
    document.replacePoint(1, 2, steadier);
    QCOMPARE(replaced.count(), 1);
    QCOMPARE(replaced.front().at(0).toInt(), 1);
    QCOMPARE(replaced.front().at(1).toInt(), 2);
    QVERIFY(document.session().runs[0].points[2] == steadier);
    QVERIFY(onDisk().runs[0].points[2] == steadier);
    document.replacePoint(1, 8, steadier);  // past the run's last point
    QCOMPARE(replaced.count(), 1);

    const std::vector<SystemCondition> found{{"load", "load average 3.1 above 2 cores"}};
    document.setConditions(3, found);
    QCOMPARE(conditions.count(), 1);
    QCOMPARE(onDisk().runs[1].conditions, found);

    document.removeRun(1);
    QCOMPARE(removed.count(), 1);
    QCOMPARE(document.session().runs.size(), std::size_t{1});
    QCOMPARE(document.session().runs[0].id, 3);
    QCOMPARE(onDisk().runs.size(), std::size_t{1});
    // A new run follows the highest id left.
    QCOMPARE(document.beginRun(Run{}), 4);
  }
};

QTEST_MAIN(TestSessionDocument)
#include "tst_sessiondocument.moc"
