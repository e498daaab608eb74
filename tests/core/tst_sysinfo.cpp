// The host probe: a fake file tree, an empty one, and this machine.
#include <QtTest>

#include "accellab/cache_roofs.h"
#include "accellab/sysinfo.h"
#include "host_tree.h"
#include "this_vm.h"

using namespace accellab;
using test::writeFile;

namespace {

std::vector<std::string> described(const SystemInfo& s) {
  std::vector<std::string> lines;
  for (const JudgedRoof& j : judgeCacheRoofs(s)) lines.push_back(describe(j));
  return lines;
}

}  // namespace

class TestSysinfo : public QObject {
  Q_OBJECT

 private slots:
  void readsFakeTree() {
    QTemporaryDir dir;
    const std::filesystem::path root = dir.path().toStdString();
    writeFile(root / "proc/cpuinfo",
              "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R) Platinum "
              "8488C\ncpu MHz\t\t: 2399.998\nflags\t\t: fpu avx512f\n\nprocessor\t: 1\nmodel "
              "name\t: Intel(R) Xeon(R) "
              "Platinum 8488C\n");
    writeFile(root / "proc/loadavg", "0.52 1.50 12.25 1/467 12345\n");
    writeFile(root / "proc/meminfo",
              "MemTotal:       24576000 kB\nMemFree:         1000000 kB\nMemAvailable:   "
              "20480000 kB\n");
    writeFile(
        root / "etc/os-release",
        "NAME=\"Debian GNU/Linux\"\nPRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nID=debian\n");
    const auto cache = root / "sys/devices/system/cpu/cpu0/cache";
    writeFile(cache / "index0/level", "1\n");
    writeFile(cache / "index0/type", "Data\n");
    writeFile(cache / "index0/size", "48K\n");
    writeFile(cache / "index1/level", "2\n");
    writeFile(cache / "index1/type", "Unified\n");
    writeFile(cache / "index1/size", "2048K\n");
    writeFile(cache / "index2/level", "3\n");
    writeFile(cache / "index2/type", "Unified\n");
    writeFile(cache / "index2/size", "105M\n");

    const SystemInfo info = probeHost(root, [] {
      return std::vector<CacheInfo>{{9, "never asked", 1, "CPUID"}};
    });
    QCOMPARE(info.cpuModel, std::string("Intel(R) Xeon(R) Platinum 8488C"));
    QCOMPARE(info.cpuMHz, 2400);
    QVERIFY(info.loadAverage == (std::vector<double>{0.52, 1.5, 12.25}));
    QCOMPARE(describeLoad(info.loadAverage),
             std::string("0.52, 1.50, 12.25 over 1, 5, 15 minutes"));
    QCOMPARE(describeLoad({3}), std::string("3.00 over 1 minute"));
    QVERIFY(describeLoad({}).empty());
    QCOMPARE(info.totalRamBytes, std::uint64_t{24576000} * 1024);
    QCOMPARE(info.availableRamBytes, std::uint64_t{20480000} * 1024);
    QCOMPARE(info.os, std::string("Debian GNU/Linux 12 (bookworm)"));
    QVERIFY(info.caches == (std::vector<CacheInfo>{{1, "Data", 48 << 10, "sysfs"},
                                                   {2, "Unified", 2048 << 10, "sysfs"},
                                                   {3, "Unified", 105ull << 20, "sysfs"}}));
  }

  void missingFilesGiveEmptyFields() {
    QTemporaryDir dir;
    const SystemInfo info = probeHost(dir.path().toStdString(), {});
    QVERIFY(info.cpuModel.empty());
    QCOMPARE(info.cpuMHz, 0);
    QVERIFY(info.loadAverage.empty());
    QVERIFY(info.caches.empty());
    QCOMPARE(info.totalRamBytes, std::uint64_t{0});
    QVERIFY(info.os.empty());
    QVERIFY(info.logicalCores >= 1);  // from the C++ runtime, not from files
  }

  // Highway's target names as users know them; an unknown name as it is.
  void simdNamesUsersKnow_data() {
    QTest::addColumn<QString>("target");
    QTest::addColumn<QString>("name");
    QTest::newRow("AVX3") << "AVX3"
                          << "AVX-512";
    QTest::newRow("AVX3_ZEN4") << "AVX3_ZEN4"
                               << "AVX-512 (Zen 4)";
    QTest::newRow("AVX3_SPR") << "AVX3_SPR"
                              << "AVX-512 (Sapphire Rapids)";
    QTest::newRow("AVX2") << "AVX2"
                          << "AVX2";
    QTest::newRow("SSE4") << "SSE4"
                          << "SSE4.2";
    QTest::newRow("EMU128") << "EMU128"
                            << "scalar (emulated)";
    QTest::newRow("unknown") << "RVV"
                             << "RVV";
  }
  void simdNamesUsersKnow() {
    QFETCH(QString, target);
    QFETCH(QString, name);
    QCOMPARE(QString::fromStdString(simdName(target.toStdString())), name);
  }

  // A VM without /sys/devices/system/cpu/cpu0/cache: the caches CPUID reports, said so.
  void cachesFallBackToCpuid() {
    QTemporaryDir dir;
    const SystemInfo info = probeHost(dir.path().toStdString(), [] {
      return std::vector<CacheInfo>{{1, "Data", 48 << 10, "CPUID"},
                                    {2, "Unified", 1 << 20, "CPUID"}};
    });
    QVERIFY(info.caches == (std::vector<CacheInfo>{{1, "Data", 48 << 10, "CPUID"},
                                                   {2, "Unified", 1 << 20, "CPUID"}}));
    // The real sysconf: whatever it knows here is a positive size from CPUID.
    for (const CacheInfo& cache : cpuidCaches()) {
      QVERIFY(cache.sizeBytes > 0);
      QCOMPARE(cache.source, std::string("CPUID"));
    }
  }

  // A level whose roof is not clearly above the next one's (memory's after the last) is no
  // level here, on every thread and so on one; the points it would hold are judged against
  // the next roof that is.
  void cacheRoofsThatAreNotALevelAreNotUsed() {
    const SystemInfo vm = test::thisVm();
    QCOMPARE(described(vm),
             (std::vector<std::string>{
                 "L1 48.0 KiB x1 501 GB/s", "L2 2.00 MiB x1 100 GB/s",
                 "L3 480 MiB x1 14.6 GB/s (not a level here, not used: not distinguished from "
                 "memory on every thread)",
                 "L1 48.0 KiB x2 990 GB/s", "L2 2.00 MiB x2 198 GB/s",
                 "L3 480 MiB x2 28.4 GB/s (not a level here, not used: not clearly above "
                 "memory's copy ceiling of 35.2 GB/s)"}));
    QCOMPARE(usableCacheRoofs(vm).size(), std::size_t{4});
    for (const CacheInfo& cache : distinguishedCaches(vm)) QVERIFY(cache.level != 3);
    QCOMPARE(distinguishedCaches(vm).size(), std::size_t{3});
    QVERIFY(!anyFailedProbe(judgeCacheRoofs(vm)));
  }

  // A roof on every thread far below the same level on one (a probe that lost its cores), or
  // outside what a copy can do, failed: not used, and the probe measures it again.
  void failedProbesAreNotUsed() {
    SystemInfo busy = test::thisVm();
    busy.cacheRoofs[3].bytesPerS = 83.1e6;
    const auto judged = judgeCacheRoofs(busy);
    QVERIFY(anyFailedProbe(judged));
    QCOMPARE(describe(judged[3]),
             std::string("L1 48.0 KiB x2 83.1 MB/s (failed probe, not used: far below the "
                         "501 GB/s of one thread)"));
    QCOMPARE(judged[4].verdict, RoofVerdict::used);

    SystemInfo impossible = test::thisVm();
    impossible.cacheRoofs[0].bytesPerS = 1e15;
    QCOMPARE(judgeCacheRoofs(impossible)[0].verdict, RoofVerdict::failedProbe);
    // Far below the next level's roof: a smaller level never copies at half a larger one's.
    SystemInfo slowL1 = test::thisVm();
    slowL1.cacheRoofs[0].bytesPerS = 40e9;
    QCOMPARE(describe(judgeCacheRoofs(slowL1)[0]),
             std::string("L1 48.0 KiB x1 40.0 GB/s (failed probe, not used: far below L2's "
                         "100 GB/s)"));
  }

  // On two threads of a loaded machine L1 copied like L2: not told apart there, but one thread
  // tells them apart, and L1 stays a level.
  void levelsAreJudgedOnEachThreadCount() {
    SystemInfo loaded = test::thisVm();
    loaded.cacheRoofs[3].bytesPerS = 260e9;  // L1 x2 beside L2 x2's 230 GB/s
    loaded.cacheRoofs[4].bytesPerS = 230e9;
    const auto judged = judgeCacheRoofs(loaded);
    QCOMPARE(judged[3].verdict, RoofVerdict::notDistinguished);
    QCOMPARE(judged[3].reason, std::string("not clearly above L2's 230 GB/s"));
    QCOMPARE(judged[0].verdict, RoofVerdict::used);
    QVERIFY(std::ranges::any_of(distinguishedCaches(loaded),
                                [](const CacheInfo& c) { return c.level == 1; }));
  }

  // One core: its one-thread roofs meet memory's ceiling; no ceiling measured: nothing to meet.
  void oneCoreAndNoCeiling() {
    SystemInfo one;
    one.logicalCores = 1;
    one.bandwidthCeilingBytesPerS = 20e9;
    one.cacheRoofs = {{1, 32 << 10, 1, 100e9}, {2, 1 << 20, 1, 90e9}, {3, 8 << 20, 1, 22e9}};
    QCOMPARE(described(one),
             (std::vector<std::string>{
                 "L1 32.0 KiB x1 100 GB/s (not a level here, not used: not clearly above L2's "
                 "90.0 GB/s)",
                 "L2 1.00 MiB x1 90.0 GB/s",
                 "L3 8.00 MiB x1 22.0 GB/s (not a level here, not used: not clearly above "
                 "memory's copy ceiling of 20.0 GB/s)"}));
    one.bandwidthCeilingBytesPerS = 0;
    QCOMPARE(judgeCacheRoofs(one)[2].verdict, RoofVerdict::used);
  }

  void probesThisMachine() {
    const SystemInfo info = probeHost();
    QVERIFY(info.logicalCores >= 1);
    QVERIFY(!info.kernel.empty());
    QCOMPARE(QString::fromStdString(info.hostName), QSysInfo::machineHostName());
    QVERIFY2(info.compiler.starts_with("GCC ") || info.compiler.starts_with("Clang "),
             info.compiler.c_str());
    QVERIFY(!info.buildType.empty());
    QVERIFY(!info.cudaBuilt);  // core knows nothing of CUDA; the kernels library completes it
    if (!QFile::exists("/proc/meminfo")) QSKIP("no /proc on this system");
    QVERIFY(info.totalRamBytes > 0);
    QVERIFY(info.availableRamBytes <= info.totalRamBytes);
  }
};

QTEST_APPLESS_MAIN(TestSysinfo)
#include "tst_sysinfo.moc"
