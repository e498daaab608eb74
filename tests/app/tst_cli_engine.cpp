// The CLI's commands on a fake engine: the engine they run is the one their factory makes,
// with its memory probe, so a gpu point of a machine with a GPU is measured, not skipped.
#include <QTemporaryDir>
#include <QtTest>

#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "accellab/session.h"
#include "commands.h"
#include "fake_engine.h"

using namespace accellab;

namespace {

struct Captured {
  int exitCode = 0;
  std::string out;
  std::string err;
};

// Runs the CLI in this process with stdout and stderr captured.
Captured runCli(const std::vector<std::string>& args, const EngineFactory& engines) {
  std::ostringstream out;
  std::ostringstream err;
  std::streambuf* oldOut = std::cout.rdbuf(out.rdbuf());
  std::streambuf* oldErr = std::cerr.rdbuf(err.rdbuf());
  const int code = cli::runCli(args, engines);
  std::cout.rdbuf(oldOut);
  std::cerr.rdbuf(oldErr);
  return {code, out.str(), err.str()};
}

}  // namespace

class TestCliEngine : public QObject {
  Q_OBJECT

 private slots:
  void gpuPointOfTheFakeDeviceIsMeasured() {
    test::FakeDeviceMachine machine;
    QTemporaryDir dir;
    const std::string session = dir.filePath(QStringLiteral("fake.json")).toStdString();
    const Captured r = runCli({"run", "--kernel", "fake", "--variants", "loop,gpu", "--shape",
                               "2x3x4", "--reps", "3", "--min-time", "0", "--out", session},
                              machine.factory());
    QVERIFY2(r.exitCode == 0, r.err.c_str());
    const Session saved = readSessionFile(session);
    QCOMPARE(saved.runs.front().points.size(), std::size_t{2});
    const PointResult& gpu = saved.runs.front().points[1];
    QCOMPARE(gpu.point.variant, std::string("gpu"));
    QVERIFY2(gpu.status == PointStatus::ok, gpu.reason.c_str());
    QVERIFY(gpu.samplesS.size() >= 3);
    // The session describes the engine's machine, GPU included.
    QCOMPARE(selectedGpu(saved.runs.front().system)->name, std::string("Fake GPU"));
    QVERIFY(machine.script().prepares >= 2);
  }

  void deviceOptionPicksTheEnginesDevice() {
    test::FakeDeviceMachine machine;
    const Captured ok = runCli({"sysinfo", "--no-bandwidth", "--device", "0"}, machine.factory());
    QVERIFY2(ok.exitCode == 0, ok.err.c_str());
    QVERIFY2(ok.out.find("Fake GPU") != std::string::npos, ok.out.c_str());
    // The conditions of the machine it runs on, whatever they are, close the details.
    const auto conditions = ok.out.find("\nConditions  ");
    QVERIFY2(conditions != std::string::npos && conditions > ok.out.find("Fake GPU"),
             ok.out.c_str());

    const Captured missing = runCli({"list", "--device", "3"}, machine.factory());
    QCOMPARE(missing.exitCode, 2);
    QVERIFY2(missing.err.find("no CUDA device 3 (1 present, 0 to 0)") != std::string::npos,
             missing.err.c_str());
    QVERIFY(missing.out.empty());
  }

  void gpuTimeOptionIsChecked() {
    test::FakeDeviceMachine machine;
    const Captured r = runCli({"run", "--kernel", "fake", "--gpu-time", "both"}, machine.factory());
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(
        r.err.find("invalid --gpu-time: 'both' (one of: kernel, end-to-end)") != std::string::npos,
        r.err.c_str());
  }
};

QTEST_GUILESS_MAIN(TestCliEngine)
#include "tst_cli_engine.moc"
