// The machine probe as text: the conditions close the `sysinfo` details, aligned with them.
#include <QtTest>

#include <sstream>

#include "system_text.h"

using namespace accellab;

namespace {

SystemInfo fakeSystem() {
  SystemInfo system;
  system.cpuModel = "Fake CPU";
  system.logicalCores = 2;
  system.gpuReason = "built without CUDA";
  return system;
}

std::string details(const std::vector<SystemCondition>& conditions,
                    const SystemInfo& system = fakeSystem()) {
  std::ostringstream out;
  cli::writeSystemDetails(system, conditions, out);
  return out.str();
}

}  // namespace

class TestSystemText : public QObject {
  Q_OBJECT

 private slots:
  void nothingToWarnAbout() {
    const std::string text = details({});
    QVERIFY2(text.starts_with("CPU         Fake CPU, 2 logical cores\n"), text.c_str());
    QVERIFY2(text.ends_with("GPU         none: built without CUDA\n"
                            "Conditions  nothing to warn about\n"),
             text.c_str());
  }

  void oneLinePerWarning() {
    const std::string text = details({{"governor", "CPU frequency governor is 'powersave'"},
                                      {"virtual-machine", "running in a virtual machine"}});
    QVERIFY2(text.ends_with("GPU         none: built without CUDA\n"
                            "Conditions  CPU frequency governor is 'powersave'\n"
                            "            running in a virtual machine\n"),
             text.c_str());
  }

  // What a Google Benchmark file leaves out is unknown, not zero; a probe of this build that
  // lacks Highway says so. The SIMD target by the name users know, Highway's beside it; the
  // BLAS line names the core; caches from CPUID say where they came from.
  void unknownIsNotZeroAndNamesAreKnown() {
    SystemInfo imported = fakeSystem();
    std::ostringstream summary;
    cli::writeSystemSummary(imported, {}, summary);
    QVERIFY2(summary.str().starts_with("Machine    Fake CPU, 2 logical cores, SIMD unknown, RAM "
                                       "unknown\n"),
             summary.str().c_str());
    SystemInfo probed = fakeSystem();
    probed.compiler = "GCC 12.2.0";
    probed.simdSelected = "AVX3_ZEN4";
    probed.simdAvailable = {"AVX3_ZEN4", "AVX2"};
    probed.blasLibrary = "OpenBLAS 0.3.21 DYNAMIC_ARCH Haswell";
    probed.blasCore = "Haswell";
    probed.caches = {{1, "Data", 48 << 10, "CPUID"}};
    const std::string text = details({}, probed);
    QVERIFY2(text.find("SIMD        AVX-512 (Zen 4) selected (Highway target AVX3_ZEN4); "
                       "available AVX-512 (Zen 4), AVX2\n") != std::string::npos,
             text.c_str());
    QVERIFY2(text.find("BLAS        OpenBLAS 0.3.21 DYNAMIC_ARCH Haswell, core Haswell\n") !=
                 std::string::npos,
             text.c_str());
    QVERIFY2(text.find("(from CPUID: sysfs lists no caches here)") != std::string::npos,
             text.c_str());
    QVERIFY2(details({}).find("BLAS        none (built without OpenBLAS)\n") != std::string::npos,
             details({}).c_str());
  }

  void bandwidthSaysWhenMeasured_data() {
    QTest::addColumn<QString>("measured");
    QTest::addColumn<bool>("cached");
    QTest::addColumn<QString>("ending");
    QTest::newRow("older session") << "" << false << "(copy)";
    QTest::newRow("measured by this probe")
        << "2026-12-01T04:30:59Z" << false << "(copy), measured 2026-12-01 04:30 UTC";
    QTest::newRow("from the machine cache")
        << "2026-12-01T04:30:59Z" << true << "(copy), measured 2026-12-01 04:30 UTC (cached)";
  }

  void bandwidthSaysWhenMeasured() {
    QFETCH(QString, measured);
    QFETCH(bool, cached);
    QFETCH(QString, ending);
    SystemInfo system = fakeSystem();
    system.bandwidthCeilingBytesPerS = 20e9;
    system.bandwidthMethod = "copy";
    system.bandwidthMeasured = measured.toStdString();
    system.bandwidthCached = cached;
    std::ostringstream out;
    cli::writeSystemSummary(system, {}, out);
    const QStringList lines = QString::fromStdString(out.str()).split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), 4);  // machine, bandwidth, GPU, and the end of the last line
    QVERIFY2(lines[1].startsWith(QLatin1String("Bandwidth")) && lines[1].endsWith(ending),
             qPrintable(lines[1]));
  }

  // Every ceiling on one line, formatted as other rates; a probe that measured nothing says so.
  void computeCeilingsOnOneLine() {
    SystemInfo system = fakeSystem();
    QVERIFY2(details({}, system).find("\nCompute     not measured\n") != std::string::npos,
             details({}, system).c_str());
    system.computeCeilings = {{DType::f64, "scalar", 1, -1, 4.1e9},
                              {DType::f64, "AVX2", 1, -1, 16.3e9},
                              {DType::f64, "AVX2", 2, -1, 32.4e9},
                              {DType::f32, "CUDA", 0, 1, 61.2e12}};
    const std::string text = details({}, system);
    QVERIFY2(
        text.find("\nCompute     f64 scalar x1 4.10 GFLOP/s, f64 AVX2 x1 16.3 GFLOP/s, "
                  "f64 AVX2 x2 32.4 GFLOP/s, f32 CUDA GPU 1 61.2 TFLOP/s\n") != std::string::npos,
        text.c_str());
  }

  // A session's machine and warnings are text from a file: control characters are escaped,
  // so that they can neither forge lines nor reach the terminal.
  void hostileTextIsEscaped() {
    SystemInfo system = fakeSystem();
    system.cpuModel = "CPU\x1b[2J\rWarning  fake";
    system.gpuReason = "none\nCUDA     13.0";
    system.bandwidthCeilingBytesPerS = 20e9;
    system.bandwidthMethod = "copy\x1b]0;owned\x07";
    const std::vector<SystemCondition> conditions = {{"governor", "slow\r\nConditions  none"}};
    const std::string text = details(conditions, system);
    QVERIFY2(text.starts_with("CPU         CPU\\x1B[2J\\rWarning  fake, 2 logical cores\n"),
             text.c_str());
    QVERIFY2(text.find("\nBandwidth   20.0 GB/s ceiling (copy\\x1B]0;owned\\x07)\n") !=
                 std::string::npos,
             text.c_str());
    QVERIFY2(text.ends_with("GPU         none: none\\nCUDA     13.0\n"
                            "Conditions  slow\\r\\nConditions  none\n"),
             text.c_str());
    std::ostringstream summary;
    cli::writeSystemSummary(system, conditions, summary);
    QVERIFY2(summary.str().starts_with("Machine    CPU\\x1B[2J\\rWarning  fake, 2 logical cores"),
             summary.str().c_str());
    QVERIFY2(summary.str().ends_with("Warning    slow\\r\\nConditions  none\n"),
             summary.str().c_str());
  }
};

QTEST_APPLESS_MAIN(TestSystemText)
#include "tst_system_text.moc"
