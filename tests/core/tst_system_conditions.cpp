// The system-conditions check: each check on fake proc/ and sys/ trees, where it must warn and
// where it must stay silent (an unreadable file included), and once on this machine.
#include <QtTest>

#include <unistd.h>

#include <chrono>
#include <cmath>
#include <optional>

#include "accellab/system_conditions.h"
#include "host_tree.h"

using namespace accellab;
using test::writeFile;
using Files = QMap<QString, QString>;  // path below the root -> content

namespace {

const BuildFacts kRelease{.buildType = "Release"};

// A probe of `root` for an optimized build that does not sleep: busySampleS passes at once.
ConditionsProbe fakeProbe(const std::filesystem::path& root) {
  return {.root = root, .build = kRelease, .busySampleS = 0.2, .wait = [](double s) { return s; }};
}

void writeFiles(const std::filesystem::path& root, const Files& files) {
  for (auto file = files.begin(); file != files.end(); ++file)
    writeFile(root / file.key().toStdString(), file.value().toStdString());
}

// The one condition of `check`, or nullopt; fails the test when there are several.
std::optional<SystemCondition> conditionOf(const std::vector<SystemCondition>& found,
                                           const std::string& check) {
  std::optional<SystemCondition> match;
  for (const SystemCondition& condition : found) {
    if (condition.check != check) continue;
    if (match) QTest::qFail(("two conditions of " + check).c_str(), __FILE__, __LINE__);
    match = condition;
  }
  return match;
}

// `expected` empty: the check stays silent; otherwise its message holds `expected`.
void verifyCondition(const std::vector<SystemCondition>& found, const std::string& check,
                     const QString& expected) {
  const auto condition = conditionOf(found, check);
  if (expected.isEmpty()) {
    QVERIFY2(!condition, condition ? condition->message.c_str() : "");
    return;
  }
  QVERIFY2(condition, ("no " + check + " condition").c_str());
  QVERIFY2(condition->message.find(expected.toStdString()) != std::string::npos,
           condition->message.c_str());
}

// /proc/PID/stat up to stime, the fields the check reads, and a few after.
std::string statLine(int pid, const std::string& name, unsigned long long user,
                     unsigned long long system) {
  return std::to_string(pid) + " (" + name + ") R 1 1 1 0 -1 4194304 100 0 0 0 " +
         std::to_string(user) + " " + std::to_string(system) + " 0 0 20 0 1 0 1024642\n";
}

unsigned long long ticks(double seconds) {
  return static_cast<unsigned long long>(
      std::llround(seconds * static_cast<double>(sysconf(_SC_CLK_TCK))));
}

}  // namespace

class TestSystemConditions : public QObject {
  Q_OBJECT

 private slots:
  // OPENBLAS_CORETYPE (a container's or distribution's setting) forcing an older core than the
  // CPU supports: a warning naming the variable; never when the core fits or is unknown.
  void blasCoreForcedOlder_data() {
    QTest::addColumn<QStringList>("simd");
    QTest::addColumn<QString>("core");
    QTest::addColumn<QString>("forced");
    QTest::addColumn<QString>("expected");
    const QStringList avx512{"AVX3_ZEN4", "AVX3", "AVX2", "SSE4"};
    QTest::newRow("AVX-512 CPU on Haswell's kernels")
        << avx512 << "Haswell"
        << "Haswell"
        << "OPENBLAS_CORETYPE=Haswell makes OpenBLAS run its AVX2 kernels (core Haswell) on a "
           "CPU with AVX-512";
    QTest::newRow("chosen by OpenBLAS itself") << avx512 << "Haswell"
                                               << ""
                                               << "";
    QTest::newRow("AVX2 CPU, Haswell") << QStringList{"AVX2", "SSE4"} << "Haswell"
                                       << "Haswell"
                                       << "";
    QTest::newRow("AVX-512 CPU, SkylakeX") << avx512 << "SkylakeX"
                                           << "SkylakeX"
                                           << "";
    QTest::newRow("AVX2 CPU on Sandybridge's")
        << QStringList{"AVX2", "SSE4"} << "Sandybridge"
        << "Sandybridge"
        << "its AVX kernels (core Sandybridge) on a CPU with AVX2";
    QTest::newRow("unknown core") << avx512 << "Future9"
                                  << "Future9"
                                  << "";
    QTest::newRow("built without OpenBLAS") << avx512 << ""
                                            << "Haswell"
                                            << "";
  }
  void blasCoreForcedOlder() {
    QFETCH(QStringList, simd);
    QFETCH(QString, core);
    QFETCH(QString, forced);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    SystemInfo system;
    for (const QString& target : simd) system.simdAvailable.push_back(target.toStdString());
    system.blasCore = core.toStdString();
    ConditionsProbe probe = fakeProbe(dir.path().toStdString());
    probe.system = &system;
    const std::string value = forced.toStdString();
    probe.environment = [&value](const char* name) {
      return std::string_view(name) == "OPENBLAS_CORETYPE" && !value.empty() ? value.c_str()
                                                                             : nullptr;
    };
    verifyCondition(checkSystemConditions(probe), "blas-core", expected);
  }

  void buildType_data() {
    QTest::addColumn<QString>("buildType");
    QTest::addColumn<bool>("assertions");
    QTest::addColumn<bool>("sanitizer");
    QTest::addColumn<QString>("expected");
    QTest::newRow("Release") << "Release" << false << false << "";
    QTest::newRow("RelWithDebInfo") << "RelWithDebInfo" << false << false << "";
    QTest::newRow("Debug") << "Debug" << true << false << "engine built as Debug, with assertions:";
    QTest::newRow("MinSizeRel") << "MinSizeRel" << false << false << "engine built as MinSizeRel:";
    QTest::newRow("no build type")
        << "" << false << false << "built without a build type (no optimization flags)";
    QTest::newRow("Release with assertions") << "Release" << true << false << "with assertions";
    QTest::newRow("asan preset") << "RelWithDebInfo" << false << true
                                 << "engine built with AddressSanitizer: its times are not those "
                                    "of an optimized build; measure with one (cmake --preset "
                                    "release)";
  }
  void buildType() {
    QFETCH(QString, buildType);
    QFETCH(bool, assertions);
    QFETCH(bool, sanitizer);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    ConditionsProbe probe = fakeProbe(dir.path().toStdString());
    probe.build = {buildType.toStdString(), assertions, sanitizer};
    verifyCondition(checkSystemConditions(probe), "build-type", expected);
  }

  void governor_data() {
    QTest::addColumn<Files>("files");
    QTest::addColumn<QString>("expected");
    const QString cpu = QStringLiteral("sys/devices/system/cpu/cpu%1/cpufreq/scaling_governor");
    QTest::newRow("all performance")
        << Files{{cpu.arg(0), "performance\n"}, {cpu.arg(1), "performance\n"}} << "";
    QTest::newRow("one powersave")
        << Files{{cpu.arg(0), "performance\n"}, {cpu.arg(1), "powersave\n"}}
        << "CPU frequency governor is 'powersave' on 1 of 2 CPUs, not 'performance': clocks "
           "ramp up and down during the run; set it to performance: sudo cpupower "
           "frequency-set -g performance";
    QTest::newRow("mixed") << Files{{cpu.arg(0), "schedutil\n"},
                                    {cpu.arg(1), "powersave\n"},
                                    {cpu.arg(10), "schedutil\n"},
                                    {cpu.arg(2), "performance\n"}}
                           << "is 'schedutil', 'powersave' on 3 of 4 CPUs";
    // A CPU without cpufreq (a VM, a container) is not counted; cpufreq/ is not a CPU.
    QTest::newRow("one readable") << Files{{cpu.arg(0), "powersave\n"},
                                           {"sys/devices/system/cpu/cpu1/online", "1\n"},
                                           {"sys/devices/system/cpu/cpufreq/boost", "0\n"}}
                                  << "on 1 of 1 CPUs";
    QTest::newRow("none readable") << Files{{"sys/devices/system/cpu/cpu0/online", "1\n"}} << "";
  }
  void governor() {
    QFETCH(Files, files);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    writeFiles(dir.path().toStdString(), files);
    verifyCondition(checkSystemConditions(fakeProbe(dir.path().toStdString())), "governor",
                    expected);
  }

  void turbo_data() {
    QTest::addColumn<Files>("files");
    QTest::addColumn<QString>("expected");
    const QString noTurbo = QStringLiteral("sys/devices/system/cpu/intel_pstate/no_turbo");
    const QString boost = QStringLiteral("sys/devices/system/cpu/cpufreq/boost");
    QTest::newRow("intel turbo on")
        << Files{{noTurbo, "0\n"}}
        << "turbo boost is on (intel_pstate/no_turbo is 0): the clock then depends on "
           "temperature and on how many cores are busy, so thread scaling and repeated runs "
           "drift; for steadier numbers turn it off: echo 1 | sudo tee "
           "/sys/devices/system/cpu/intel_pstate/no_turbo";
    QTest::newRow("intel turbo off") << Files{{noTurbo, "1\n"}} << "";
    QTest::newRow("boost on") << Files{{boost, "1\n"}}
                              << "CPU boost is on (cpufreq/boost is 1): the clock then depends"
                                 " on temperature";
    QTest::newRow("boost on, advice")
        << Files{{boost, "1\n"}} << "echo 0 | sudo tee /sys/devices/system/cpu/cpufreq/boost";
    QTest::newRow("boost off") << Files{{boost, "0\n"}} << "";
    QTest::newRow("intel_pstate decides") << Files{{noTurbo, "1\n"}, {boost, "1\n"}} << "";
    QTest::newRow("neither readable") << Files{} << "";
  }
  void turbo() {
    QFETCH(Files, files);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    writeFiles(dir.path().toStdString(), files);
    verifyCondition(checkSystemConditions(fakeProbe(dir.path().toStdString())), "turbo", expected);
  }

  void load_data() {
    QTest::addColumn<Files>("files");
    QTest::addColumn<QString>("expected");
    const QString loadavg = QStringLiteral("proc/loadavg");
    const QString online = QStringLiteral("sys/devices/system/cpu/online");
    QTest::newRow("above 2 cores")
        << Files{{loadavg, "3.10 2.00 1.00 3/200 1234\n"}, {online, "0-1\n"}}
        << "load average 3.10 over the last minute is above the 2 logical cores: other work "
           "competes for them; stop it or wait until the machine is idle";
    QTest::newRow("below") << Files{{loadavg, "1.50 4.00 4.00 1/200 1234\n"}, {online, "0-1\n"}}
                           << "";
    QTest::newRow("at the core count")
        << Files{{loadavg, "2.00 2.00 2.00 1/200 1234\n"}, {online, "0-1\n"}} << "";
    QTest::newRow("ranges, above")
        << Files{{loadavg, "7.50 1 1 1/2 3\n"}, {online, "0-3,6,8-9\n"}} << "above the 7 logical";
    QTest::newRow("ranges, below")
        << Files{{loadavg, "6.50 1 1 1/2 3\n"}, {online, "0-3,6,8-9\n"}} << "";
    QTest::newRow("no core list") << Files{{loadavg, "9.00 1 1 1/2 3\n"}} << "";
    QTest::newRow("malformed core list")
        << Files{{loadavg, "9.00 1 1 1/2 3\n"}, {online, "3-1\n"}} << "";
    QTest::newRow("no loadavg") << Files{{online, "0\n"}} << "";
  }
  void load() {
    QFETCH(Files, files);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    writeFiles(dir.path().toStdString(), files);
    verifyCondition(checkSystemConditions(fakeProbe(dir.path().toStdString())), "load", expected);
  }

  // Between the samples: 'stress' uses two cores, our own process (proc/self) one, a name with
  // spaces and parentheses one, 'editor' a tenth of one; 'cc1plus' starts and is not judged.
  void busyProcessesAreNamedButNotOurselves() {
    QTemporaryDir dir;
    const std::filesystem::path root = dir.path().toStdString();
    std::filesystem::create_directories(root / "proc");
    std::filesystem::create_directory_symlink("200", root / "proc/self");
    writeFile(root / "proc/100/stat", statLine(100, "stress", 5000, 100));
    writeFile(root / "proc/200/stat", statLine(200, "tst_system_conditions", 10, 10));
    writeFile(root / "proc/300/stat", statLine(300, "Web Content (x)", 700, 7));
    writeFile(root / "proc/400/stat", statLine(400, "editor", 50, 5));
    writeFile(root / "proc/loadavg", "0.10 0.10 0.10 1/200 1234\n");  // not a process

    ConditionsProbe probe = fakeProbe(root);
    probe.wait = [&](double seconds) {
      writeFile(root / "proc/100/stat",
                statLine(100, "stress", 5000 + ticks(0.3), 100 + ticks(0.1)));
      writeFile(root / "proc/200/stat",
                statLine(200, "tst_system_conditions", 10 + ticks(0.2), 10));
      writeFile(root / "proc/300/stat", statLine(300, "Web Content (x)", 700 + ticks(0.2), 7));
      writeFile(root / "proc/400/stat", statLine(400, "editor", 50 + ticks(0.02), 5));
      writeFile(root / "proc/500/stat", statLine(500, "cc1plus", 900, 0));
      return seconds;
    };
    verifyCondition(checkSystemConditions(probe), "busy-process",
                    "other processes kept a core or more busy over 200 ms (100% = one core): "
                    "'stress' (pid 100) 200%, 'Web Content (x)' (pid 300) 100%; they compete "
                    "with the measured kernels for cores and caches: stop them or wait until "
                    "they end");
  }

  void busyProcessMeasuredOverTheTimeThatPassed() {
    QTemporaryDir dir;
    const std::filesystem::path root = dir.path().toStdString();
    writeFile(root / "proc/100/stat", statLine(100, "yes", 0, 0));
    ConditionsProbe probe = fakeProbe(root);
    // One core's worth of the asked 0.2 s, but 0.4 s passed: half a core, not busy.
    probe.wait = [&](double) {
      writeFile(root / "proc/100/stat", statLine(100, "yes", ticks(0.2), 0));
      return 0.4;
    };
    verifyCondition(checkSystemConditions(probe), "busy-process", "");
    // The same over 0.2 s is a core.
    probe.wait = [&](double seconds) {
      writeFile(root / "proc/100/stat", statLine(100, "yes", ticks(0.4), 0));
      return seconds;
    };
    verifyCondition(checkSystemConditions(probe), "busy-process",
                    "another process kept a core or more busy over 200 ms (100% = one core): "
                    "'yes' (pid 100) 100%; it competes with the measured kernels for cores and "
                    "caches: stop it or wait until it ends");
  }

  void busyProcessesBeyondThreeAreCounted() {
    QTemporaryDir dir;
    const std::filesystem::path root = dir.path().toStdString();
    for (int pid = 1; pid <= 5; ++pid)
      writeFile(root / "proc" / std::to_string(pid) / "stat", statLine(pid, "spin", 0, 0));
    ConditionsProbe probe = fakeProbe(root);
    probe.wait = [&](double seconds) {
      for (int pid = 1; pid <= 5; ++pid)
        writeFile(root / "proc" / std::to_string(pid) / "stat",
                  statLine(pid, "spin", ticks(0.2 * (1 + 0.25 * pid)), 0));
      return seconds;
    };
    verifyCondition(checkSystemConditions(probe), "busy-process",
                    "'spin' (pid 5) 225%, 'spin' (pid 4) 200%, 'spin' (pid 3) 175%, 2 more;");
  }

  void virtualMachine_data() {
    QTest::addColumn<Files>("files");
    QTest::addColumn<QString>("expected");
    const QString cpuinfo = QStringLiteral("proc/cpuinfo");
    const QString vendor = QStringLiteral("sys/class/dmi/id/sys_vendor");
    const QString product = QStringLiteral("sys/class/dmi/id/product_name");
    QTest::newRow("hypervisor flag")
        << Files{{cpuinfo, "processor\t: 0\nflags\t\t: fpu sse2 hypervisor avx2\n"}}
        << "running in a virtual machine (hypervisor flag in /proc/cpuinfo): other guests may "
           "share the host's cores and caches and steal time from the run; compare runs from "
           "the same machine only, and measure on bare metal for numbers others will quote";
    QTest::newRow("flag and DMI") << Files{{cpuinfo, "flags\t: hypervisor\n"},
                                           {vendor, "QEMU\n"},
                                           {product, "Standard PC (Q35 + ICH9, 2009)\n"}}
                                  << "(hypervisor flag in /proc/cpuinfo; DMI: QEMU Standard PC "
                                     "(Q35 + ICH9, 2009))";
    QTest::newRow("Hyper-V by DMI") << Files{{cpuinfo, "flags\t: fpu sse2\n"},
                                             {vendor, "Microsoft Corporation\n"},
                                             {product, "Virtual Machine\n"}}
                                    << "(DMI: Microsoft Corporation Virtual Machine)";
    QTest::newRow("GCE by DMI") << Files{{vendor, "Google\n"}, {product, "Google Compute Engine\n"}}
                                << "(DMI: Google Google Compute Engine)";
    QTest::newRow("EC2 bare metal") << Files{{cpuinfo, "flags\t: fpu sse2\n"},
                                             {vendor, "Amazon EC2\n"},
                                             {product, "m5.metal\n"}}
                                    << "";
    QTest::newRow("bare metal") << Files{{cpuinfo, "flags\t: fpu sse2 hypervisor_x\n"},
                                         {vendor, "Dell Inc.\n"},
                                         {product, "PowerEdge R750\n"}}
                                << "";
    QTest::newRow("nothing readable") << Files{} << "";
  }
  void virtualMachine() {
    QFETCH(Files, files);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    writeFiles(dir.path().toStdString(), files);
    verifyCondition(checkSystemConditions(fakeProbe(dir.path().toStdString())), "virtual-machine",
                    expected);
  }

  void emptyTreeWarnsOfNothing() {
    QTemporaryDir dir;
    const auto found = checkSystemConditions(fakeProbe(dir.path().toStdString()));
    QVERIFY2(found.empty(), found.empty() ? "" : found.front().message.c_str());
  }

  void everyCheckInItsOrder() {
    QTemporaryDir dir;
    const std::filesystem::path root = dir.path().toStdString();
    writeFiles(root, {{"sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "powersave\n"},
                      {"sys/devices/system/cpu/intel_pstate/no_turbo", "0\n"},
                      {"sys/devices/system/cpu/online", "0\n"},
                      {"proc/loadavg", "4.00 1 1 1/2 3\n"},
                      {"proc/7/stat", QString::fromStdString(statLine(7, "yes", 0, 0))},
                      {"proc/cpuinfo", "flags\t: hypervisor\n"}});
    ConditionsProbe probe = fakeProbe(root);
    probe.build = {"Debug", true, false};
    probe.wait = [&](double seconds) {
      writeFile(root / "proc/7/stat", statLine(7, "yes", ticks(seconds), 0));
      return seconds;
    };
    std::vector<std::string> checks;
    for (const SystemCondition& condition : checkSystemConditions(probe))
      checks.push_back(condition.check);
    QCOMPARE(checks, (std::vector<std::string>{"build-type", "governor", "turbo", "load",
                                               "busy-process", "virtual-machine"}));
  }

  // The competition watched around the machine's probe: the load read before `wait` (which
  // would raise it itself), the processes over it, each the fact alone.
  void competitionIsTheFactsAlone() {
    QTemporaryDir dir;
    const std::filesystem::path root = dir.path().toStdString();
    writeFiles(root, {{"sys/devices/system/cpu/online", "0-1\n"},
                      {"proc/loadavg", "3.10 1 1 1/2 3\n"},
                      {"proc/7/stat", QString::fromStdString(statLine(7, "yes", 0, 0))}});
    ConditionsProbe probe = fakeProbe(root);
    probe.wait = [&](double seconds) {
      writeFile(root / "proc/loadavg", "0.50 1 1 1/2 3\n");
      writeFile(root / "proc/7/stat", statLine(7, "yes", ticks(seconds), 0));
      return seconds;
    };
    QCOMPARE(checkCompetition(probe),
             (std::vector<std::string>{
                 "load average 3.10 over the last minute is above the 2 logical cores",
                 "another process kept a core or more busy over 200 ms (100% = one core): "
                 "'yes' (pid 7) 100%"}));
    writeFiles(root, {{"proc/loadavg", "0.50 1 1 1/2 3\n"}});
    probe.wait = [](double seconds) { return seconds; };
    QVERIFY(checkCompetition(probe).empty());
  }

  // Ceilings measured while the machine was busy are a condition of every run that uses them.
  void busyCeilingsWarn() {
    QTemporaryDir dir;
    ConditionsProbe probe = fakeProbe(dir.path().toStdString());
    SystemInfo system;
    probe.system = &system;
    verifyCondition(checkSystemConditions(probe), "busy-ceilings", "");
    system.ceilingsBusy = "load average 3.10 over the last minute is above the 2 logical cores";
    verifyCondition(checkSystemConditions(probe), "busy-ceilings",
                    "the machine's ceilings were measured while it was busy (load average 3.10 "
                    "over the last minute is above the 2 logical cores): they are low, so each "
                    "\"% of ceiling\" reads high; they are measured again once the machine is "
                    "quiet (or now: accellab-cli sysinfo --remeasure)");
  }

  // This machine: whatever it warns about, in about the sample time, and the build-type check
  // agrees with how this engine was built.
  void checksThisMachine() {
    const auto start = std::chrono::steady_clock::now();
    const auto found = checkSystemConditions();
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    QVERIFY2(seconds >= 0.2 && seconds < 2, std::to_string(seconds).c_str());
    for (const SystemCondition& condition : found) qInfo("%s", condition.message.c_str());
    const BuildFacts build = engineBuild();
    const bool optimized = (build.buildType == "Release" || build.buildType == "RelWithDebInfo") &&
                           !build.assertions && !build.sanitizer;
    QCOMPARE(conditionOf(found, "build-type").has_value(), !optimized);
  }
};

QTEST_APPLESS_MAIN(TestSystemConditions)
#include "tst_system_conditions.moc"
