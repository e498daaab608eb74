// Writing user-named files: refusals up front, atomic replacement, stale temporary files.
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "accellab/output_file.h"

using namespace accellab;
namespace fs = std::filesystem;

namespace {

std::string contents(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

QString refusal(const fs::path& path) {
  try {
    checkOutputTarget(path);
  } catch (const OutputError& error) {
    return QString::fromStdString(error.what());
  }
  return {};
}

std::vector<std::string> namesIn(const fs::path& directory) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(directory))
    names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace

class TestOutputFile : public QObject {
  Q_OBJECT

 private slots:
  void writesAndReplaces() {
    QTemporaryDir dir;
    const fs::path path = fs::path(dir.path().toStdString()) / "out.json";
    writeFileAtomically(path, "first");
    QCOMPARE(contents(path), std::string("first"));
    writeFileAtomically(path, "second, longer");
    QCOMPARE(contents(path), std::string("second, longer"));
    QCOMPARE(namesIn(path.parent_path()), std::vector<std::string>{"out.json"});
  }

  void keepsTheModeOfAnExistingFile() {
    QTemporaryDir dir;
    const fs::path path = fs::path(dir.path().toStdString()) / "shared.json";
    writeFileAtomically(path, "a");
    QVERIFY(chmod(path.c_str(), 0664) == 0);
    writeFileAtomically(path, "b");
    struct stat info {};
    QVERIFY(stat(path.c_str(), &info) == 0);
    QCOMPARE(info.st_mode & 07777, mode_t{0664});
  }

  void writesThroughASymlink() {
    QTemporaryDir dir;
    const fs::path root(dir.path().toStdString());
    writeFileAtomically(root / "real.json", "old");
    fs::create_symlink(root / "real.json", root / "link.json");
    writeFileAtomically(root / "link.json", "new");
    QVERIFY(fs::is_symlink(root / "link.json"));
    QCOMPARE(contents(root / "real.json"), std::string("new"));
  }

  // A file the program names itself: the link is replaced by the file, what it named is
  // untouched (a decoy stands for /etc/passwd), dangling links and links to other kinds too.
  void replacesASymlinkOfItsOwnName_data() {
    QTest::addColumn<QString>("linkTo");
    QTest::newRow("a regular file") << "decoy";
    QTest::newRow("a dangling name") << "absent";
    QTest::newRow("a directory") << "folder";
    QTest::newRow("a device") << "/dev/null";
  }
  void replacesASymlinkOfItsOwnName() {
    QFETCH(QString, linkTo);
    QTemporaryDir dir;
    const fs::path root(dir.path().toStdString());
    writeFileAtomically(root / "decoy", "root:x:0:0");
    QVERIFY(chmod((root / "decoy").c_str(), 0600) == 0);
    fs::create_directory(root / "folder");
    const fs::path target =
        linkTo.startsWith('/') ? fs::path(linkTo.toStdString()) : root / linkTo.toStdString();
    fs::create_symlink(target, root / "cache.json");
    writeFileAtomically(root / "cache.json", "cache", Symlinks::replace);
    QVERIFY(!fs::is_symlink(root / "cache.json"));
    QCOMPARE(contents(root / "cache.json"), std::string("cache"));
    QCOMPARE(contents(root / "decoy"), std::string("root:x:0:0"));
    struct stat info {};
    QVERIFY(stat((root / "cache.json").c_str(), &info) == 0);
    QCOMPARE(info.st_mode & 07777, mode_t{0644});  // nothing borrowed from what the link named
    QVERIFY(!fs::exists(root / "absent"));
    QVERIFY(fs::is_directory(root / "folder"));
  }

  // The program's own file is replaced whatever its mode, and gets its own mode back.
  void replacesItsOwnFileWhateverItsMode() {
    QTemporaryDir dir;
    const fs::path path = fs::path(dir.path().toStdString()) / "machine.json";
    writeFileAtomically(path, "old");
    QVERIFY(chmod(path.c_str(), 0) == 0);
    writeFileAtomically(path, "new", Symlinks::replace);
    QCOMPARE(contents(path), std::string("new"));
    struct stat info {};
    QVERIFY(stat(path.c_str(), &info) == 0);
    QCOMPARE(info.st_mode & 07777, mode_t{0644});
  }

  void refusesWhatIsNotARegularFile_data() {
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("reason");
    QTest::newRow("empty") << QString() << "empty name";
    QTest::newRow("device") << "/dev/null"
                            << "it is a device, not a regular file";
    QTest::newRow("directory") << "/tmp"
                               << "it is a directory";
    QTest::newRow("dot") << "."
                         << "names a directory";
    QTest::newRow("trailing slash") << "/tmp/"
                                    << "names a directory";
    QTest::newRow("missing directory") << "/nonexistent-dir/x.json"
                                       << "does not exist";
    QTest::newRow("long name") << "/tmp/" + QString(300, 'n') << "file name is longer";
    QTest::newRow("long path") << "/tmp/" + QString(5000, 'p') << "path is longer";
  }
  void refusesWhatIsNotARegularFile() {
    QFETCH(QString, path);
    QFETCH(QString, reason);
    const QString message = refusal(path.toStdString());
    QVERIFY2(message.contains(reason), qPrintable(message));
    if (!path.isEmpty()) QVERIFY2(message.startsWith("cannot write "), qPrintable(message));
  }

  void refusesAFifoWithoutBlocking() {
    QTemporaryDir dir;
    const fs::path fifo = fs::path(dir.path().toStdString()) / "pipe";
    QVERIFY(mkfifo(fifo.c_str(), 0600) == 0);
    QVERIFY_THROWS_EXCEPTION(OutputError, writeFileAtomically(fifo, "x"));
    QVERIFY(refusal(fifo).contains("FIFO"));
    QVERIFY(fs::is_fifo(fifo));
  }

  void refusesAReadOnlyDirectory() {
    if (geteuid() == 0) QSKIP("root writes into read-only directories");
    QTemporaryDir dir;
    const fs::path root(dir.path().toStdString());
    QVERIFY(chmod(root.c_str(), 0500) == 0);
    const QString message = refusal(root / "x.json");
    QVERIFY(chmod(root.c_str(), 0700) == 0);
    QVERIFY2(message.contains("is not writable"), qPrintable(message));
  }

  void removesTempFilesOfDeadWritersOnly() {
    QTemporaryDir dir;
    const fs::path root(dir.path().toStdString());
    const pid_t dead = fork();
    if (dead == 0) _exit(0);
    QVERIFY(dead > 0);
    waitpid(dead, nullptr, 0);
    const std::string stale = ".out.json.tmp-" + std::to_string(dead) + "-AbC123";
    const std::string live = ".out.json.tmp-" + std::to_string(getppid()) + "-XyZ789";
    const std::string other = ".other.json.tmp-" + std::to_string(dead) + "-AbC123";
    for (const auto& name : {stale, live, other}) std::ofstream(root / name) << "partial";
    writeFileAtomically(root / "out.json", "done");
    std::vector<std::string> kept{live, other, "out.json"};
    std::sort(kept.begin(), kept.end());
    QCOMPARE(namesIn(root), kept);
  }

  void aFailedWriteKeepsTheOldFile() {
    QTemporaryDir dir;
    const fs::path path = fs::path(dir.path().toStdString()) / "keep.json";
    writeFileAtomically(path, "precious");
    // A full disk, simulated with RLIMIT_FSIZE in a child: the temporary file cannot be
    // filled, the target survives and no temporary file stays.
    const pid_t child = fork();
    if (child == 0) {
      signal(SIGXFSZ, SIG_IGN);
      struct rlimit limit {
        4, 4
      };
      setrlimit(RLIMIT_FSIZE, &limit);
      try {
        writeFileAtomically(path, "a much longer replacement");
      } catch (const OutputError& error) {
        _exit(std::string(error.what()).find("File too large") != std::string::npos ? 3 : 4);
      }
      _exit(5);
    }
    int status = 0;
    waitpid(child, &status, 0);
    QVERIFY(WIFEXITED(status));
    QCOMPARE(WEXITSTATUS(status), 3);
    QCOMPARE(contents(path), std::string("precious"));
    QCOMPARE(namesIn(path.parent_path()), std::vector<std::string>{"keep.json"});
  }
};

QTEST_APPLESS_MAIN(TestOutputFile)
#include "tst_output_file.moc"
