// The memory guard's decisions and messages.
#include <sys/resource.h>

#include <QtTest>

#include "accellab/memory_guard.h"
#include "host_tree.h"

using namespace accellab;
using test::writeFile;

namespace {
constexpr quint64 MiB = 1ull << 20;
constexpr quint64 GiB = 1ull << 30;

// A fake host with 16 GiB MemAvailable and no limits; each test adds its own.
class FakeHost {
 public:
  FakeHost() {
    writeFile(path("proc/meminfo"), "MemTotal: 33554432 kB\nMemAvailable: 16777216 kB\n");
    writeFile(path("proc/self/limits"),
              "Limit                     Soft Limit           Hard Limit           Units\n"
              "Max address space         unlimited            unlimited            bytes\n");
    writeFile(path("proc/self/status"), "Name:\taccellab-cli\nVmSize:\t  102400 kB\n");
  }
  std::filesystem::path root() const { return dir_.path().toStdString(); }
  std::filesystem::path path(const std::string& relative) const { return root() / relative; }
  void addressSpace(const std::string& soft) {
    writeFile(path("proc/self/limits"),
              "Max address space         " + soft + "           unlimited            bytes\n");
  }
  // A cgroup v2 hierarchy at /sys/fs/cgroup with the process in `cgroup`.
  void cgroupV2(const std::string& cgroup) {
    writeFile(path("proc/self/mountinfo"),
              "25 1 0:22 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n");
    writeFile(path("proc/self/cgroup"), "0::" + cgroup + "\n");
  }
  void cgroupFiles(const std::string& dir, const std::string& limitFile, const std::string& limit,
                   const std::string& usageFile, quint64 usage, const std::string& stat = {}) {
    writeFile(path(dir) / limitFile, limit + "\n");
    writeFile(path(dir) / usageFile, std::to_string(usage) + "\n");
    if (!stat.empty()) writeFile(path(dir) / "memory.stat", stat);
  }

 private:
  QTemporaryDir dir_;
};

}  // namespace

class TestMemoryGuard : public QObject {
  Q_OBJECT

 private slots:
  void checkMemory_data() {
    QTest::addColumn<quint64>("needHost");
    QTest::addColumn<quint64>("needDevice");
    QTest::addColumn<quint64>("haveHost");
    QTest::addColumn<qint64>("haveDevice");  // -1: no GPU
    QTest::addColumn<QString>("refusal");
    QTest::newRow("fits") << 2 * GiB << quint64(0) << 3 * GiB << qint64(-1) << QString();
    QTest::newRow("exactly fits") << 3 * GiB << quint64(0) << 3 * GiB << qint64(-1) << QString();
    QTest::newRow("too big for RAM") << 8 * GiB << quint64(0) << (16 * GiB) / 5 << qint64(-1)
                                     << "needs 8.00 GiB of RAM, 3.20 GiB available";
    QTest::newRow("unknown RAM is not refused")
        << 8 * GiB << quint64(0) << quint64(0) << qint64(-1) << QString();
    QTest::newRow("GPU fits") << GiB << GiB << 3 * GiB << qint64(2 * GiB) << QString();
    QTest::newRow("too big for GPU") << GiB << 2 * GiB << 3 * GiB << qint64(GiB)
                                     << "needs 2.00 GiB of GPU memory, 1.00 GiB available";
    QTest::newRow("no GPU") << GiB << 512ull << 3 * GiB << qint64(-1)
                            << "needs 512 B of GPU memory, no GPU present";
    QTest::newRow("RAM reported first")
        << 9 * GiB << 9 * GiB << GiB << qint64(GiB) << "needs 9.00 GiB of RAM, 1.00 GiB available";
  }
  void checkMemory() {
    QFETCH(quint64, needHost);
    QFETCH(quint64, needDevice);
    QFETCH(quint64, haveHost);
    QFETCH(qint64, haveDevice);
    QFETCH(QString, refusal);
    MemoryAvailable available{haveHost, std::nullopt};
    if (haveDevice >= 0) available.deviceBytes = static_cast<std::uint64_t>(haveDevice);
    const auto result = accellab::checkMemory({needHost, needDevice}, available);
    QCOMPARE(QString::fromStdString(result.value_or("")), refusal);
  }

  void memAvailableAloneWithoutLimits() {
    const FakeHost host;
    const HostMemoryLimits limits = probeHostMemoryLimits(host.root());
    QCOMPARE(limits.memAvailable.value_or(0), 16 * GiB);
    QVERIFY(!limits.addressSpaceLeft);  // unlimited
    QVERIFY(!limits.cgroupLeft);        // no cgroup files
    QCOMPARE(limits.effective(), 16 * GiB);
  }

  void addressSpaceLimitLessWhatIsMapped() {
    FakeHost host;
    host.addressSpace(std::to_string(3 * GiB));
    const HostMemoryLimits limits = probeHostMemoryLimits(host.root());
    QCOMPARE(limits.addressSpaceLeft.value_or(0), 3 * GiB - 100 * MiB);
    QCOMPARE(limits.effective(), 3 * GiB - 100 * MiB);
    // The case: an 8 GiB shape under a 3 GiB limit is refused before allocating.
    const auto refused = accellab::checkMemory({8 * GiB, 0}, {limits.effective(), std::nullopt});
    QCOMPARE(QString::fromStdString(refused.value_or("")),
             "needs 8.00 GiB of RAM, 2.90 GiB available");
  }

  void cgroupV2MaxLessCurrentAndDroppableCache() {
    FakeHost host;
    host.cgroupV2("/user.slice/app.scope");
    host.cgroupFiles("sys/fs/cgroup/user.slice/app.scope", "memory.max", std::to_string(2 * GiB),
                     "memory.current", GiB, "anon 1\ninactive_file 268435456\nactive_file 5\n");
    host.cgroupFiles("sys/fs/cgroup/user.slice", "memory.max", "max", "memory.current", 9 * GiB);
    const HostMemoryLimits limits = probeHostMemoryLimits(host.root());
    QCOMPARE(limits.cgroupLeft.value_or(0), 2 * GiB - (GiB - 256 * MiB));
    QCOMPARE(limits.effective(), 2 * GiB - 768 * MiB);
  }

  void cgroupV2AncestorLimitCounts() {
    FakeHost host;
    host.cgroupV2("/user.slice/app.scope");
    host.cgroupFiles("sys/fs/cgroup/user.slice/app.scope", "memory.max", "max", "memory.current",
                     100 * MiB);
    host.cgroupFiles("sys/fs/cgroup/user.slice", "memory.max", std::to_string(GiB),
                     "memory.current", 512 * MiB);
    QCOMPARE(probeHostMemoryLimits(host.root()).cgroupLeft.value_or(0), 512 * MiB);
  }

  void cgroupV1MemoryControllerOfAHybridHost() {
    FakeHost host;
    writeFile(host.path("proc/self/mountinfo"),
              "31 23 0:28 / /sys/fs/cgroup rw - tmpfs tmpfs rw\n"
              "32 31 0:29 / /sys/fs/cgroup/cpu rw - cgroup cgroup rw,cpu\n"
              "35 31 0:32 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory\n"
              "41 31 0:38 / /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw\n");
    writeFile(host.path("proc/self/cgroup"), "5:cpu:/\n4:memory:/docker/abc\n0::/\n");
    host.cgroupFiles("sys/fs/cgroup/memory/docker/abc", "memory.limit_in_bytes",
                     std::to_string(3 * GiB), "memory.usage_in_bytes", GiB,
                     "cache 5\ntotal_inactive_file 1048576\n");
    // The root's "unlimited" and the v2 root without memory.max limit nothing.
    host.cgroupFiles("sys/fs/cgroup/memory", "memory.limit_in_bytes", "9223372036854771712",
                     "memory.usage_in_bytes", 20 * GiB);
    QCOMPARE(probeHostMemoryLimits(host.root()).cgroupLeft.value_or(0), 2 * GiB + MiB);
  }

  void containerSeesItsCgroupAtTheMount() {
    // Without a cgroup namespace the container's own cgroup is the mount's root.
    FakeHost host;
    writeFile(host.path("proc/self/mountinfo"),
              "35 31 0:32 /docker/abc /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n");
    writeFile(host.path("proc/self/cgroup"), "0::/docker/abc\n");
    host.cgroupFiles("sys/fs/cgroup", "memory.max", std::to_string(GiB), "memory.current",
                     256 * MiB);
    QCOMPARE(probeHostMemoryLimits(host.root()).cgroupLeft.value_or(0), 768 * MiB);
  }

  void effectiveIsTheTightest() {
    FakeHost host;
    host.addressSpace(std::to_string(4 * GiB));
    host.cgroupV2("/");
    host.cgroupFiles("sys/fs/cgroup", "memory.max", std::to_string(GiB), "memory.current", 0);
    QCOMPARE(probeHostMemoryLimits(host.root()).effective(), GiB);
    QCOMPARE(HostMemoryLimits{}.effective(), quint64(0));  // nothing known: 0, never refused
  }

  void probeSeesThisProcesssAddressSpaceLimit() {
#if defined(__SANITIZE_ADDRESS__)
    QSKIP("AddressSanitizer maps terabytes of shadow memory: no address-space limit fits it");
#endif
    rlimit previous{};
    QVERIFY(getrlimit(RLIMIT_AS, &previous) == 0);
    rlimit limited = previous;
    limited.rlim_cur = 64 * GiB;
    if (previous.rlim_max < limited.rlim_cur) QSKIP("the hard limit is below 64 GiB");
    QVERIFY(setrlimit(RLIMIT_AS, &limited) == 0);
    const HostMemoryLimits limits = probeHostMemoryLimits();
    QVERIFY(setrlimit(RLIMIT_AS, &previous) == 0);
    QVERIFY(limits.addressSpaceLeft);
    QVERIFY(*limits.addressSpaceLeft > 0 && *limits.addressSpaceLeft < 64 * GiB);
    QVERIFY(probeHostMemoryLimits().addressSpaceLeft != limits.addressSpaceLeft);
  }

  void probeReadsProc() {
    const MemoryAvailable available = probeHostMemory();
    QFile meminfo("/proc/meminfo");
    if (!meminfo.open(QIODevice::ReadOnly)) QSKIP("no /proc/meminfo on this system");
    QVERIFY(available.hostBytes > 0);
    QVERIFY(!available.deviceBytes);
  }
};

QTEST_APPLESS_MAIN(TestMemoryGuard)
#include "tst_memory_guard.moc"
