// The host probe: a fake file tree, an empty one, and this machine.
#include <QtTest>

#include "accellab/sysinfo.h"
#include "host_tree.h"

using namespace accellab;
using test::writeFile;

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
