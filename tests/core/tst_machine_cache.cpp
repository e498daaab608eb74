// The machine cache: a measurement is kept for the same machine and build only, the live
// parts of a probe stay fresh, a file that cannot serve is measured over, and a cache that
// cannot be written costs a warning, never the probe.
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <functional>
#include <stop_token>

#include "accellab/machine_cache.h"
#include "accellab/session.h"
#include "test_env.h"

using namespace accellab;
using accellab::testing::ScopedEnv;
namespace fs = std::filesystem;

namespace {

// A machine whose probe counts the measurements and measures new ceilings each time, so a
// cached ceiling is told apart from a measured one.
class FakeMachine {
 public:
  FakeMachine() {
    host.hostName = "bench-1";
    host.cpuModel = "Fake CPU";
    host.logicalCores = 8;
    host.caches = {{1, "Data", 32 << 10}, {3, "Unified", 32 << 20}};
    host.totalRamBytes = std::uint64_t{64} << 30;
    host.availableRamBytes = std::uint64_t{60} << 30;
    host.os = "Fake OS 1";
    host.kernel = "Linux 6.1.0";
    host.compiler = "GCC 12.2.0";
    host.compilerFlags = "-O3";
    host.buildType = "Release";
    host.simdAvailable = {"AVX2", "SSE4"};
    host.simdSelected = "AVX2";
    host.gpus = {GpuInfo{0, "Fake GPU", 4, std::uint64_t{8} << 30, 1000, 2000, "9.0", "13.0",
                         "13.0", "0000:01:00.0", 0}};
  }

  Engine engine() {
    return Engine(
        std::make_shared<Registry>(), [] { return MemoryAvailable{}; },
        [this](const ProbeOptions& options) {
          SystemInfo system = host;
          if (options.measureBandwidth && !options.stop.stop_requested()) {
            ++measurements;
            system.bandwidthCeilingBytesPerS = 1e10 * measurements;
            system.bandwidthMethod = "fake copy";
            system.gpus[0].copyCeilingBytesPerS = 1e12 * measurements;
            system.computeCeilings = computeCeilings(measurements);
            system.streamingFromBytes = (std::uint64_t{32} << 20) * measurements;
            system.streamingMethod = "fake trials";
            system.splitFromBytes = (std::uint64_t{1} << 20) * measurements;
            system.splitMethod = "fake split trials";
            system.cacheRoofs = cacheRoofs(measurements);
          }
          return system;
        });
  }

  static std::vector<CacheRoof> cacheRoofs(int measurement) {
    return {{1, 32 << 10, 1, 2e11 * measurement}, {3, 32 << 20, 8, 4e11 * measurement}};
  }

  static std::vector<ComputeCeiling> computeCeilings(int measurement) {
    return {{DType::f64, "scalar", 1, -1, 4e9 * measurement},
            {DType::f64, "AVX2", 8, -1, 2e11 * measurement},
            {DType::f32, "CUDA", 0, 0, 5e13 * measurement}};
  }

  SystemInfo host;
  int measurements = 0;
};

// The cache at `file` on a machine where `busyDuring` competed with each measurement and
// `busyNow` competes when a lookup looks (empty: quiet), so no other test's load decides.
MachineCache cacheAt(fs::path file, std::string busyDuring = {}, std::string busyNow = {}) {
  return MachineCache(std::move(file), [busyDuring, busyNow](const std::function<void()>& during) {
    if (!during) return busyNow;
    during();
    return busyDuring;
  });
}

QByteArray readAll(const fs::path& file) {
  QFile f(QString::fromStdString(file.string()));
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeAll(const fs::path& file, const QByteArray& bytes) {
  QFile f(QString::fromStdString(file.string()));
  QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
  QCOMPARE(f.write(bytes), bytes.size());
}

// What each row of keyChanges changes of the machine, and whether the cache may serve.
struct Change {
  const char* name;
  std::function<void(SystemInfo&)> apply;
  std::optional<CacheMiss> miss;  // empty: still served
};

const std::vector<Change>& changes() {
  static const std::vector<Change> table{
      {"CPU model", [](SystemInfo& s) { s.cpuModel = "Other CPU"; }, CacheMiss::otherMachine},
      {"logical cores", [](SystemInfo& s) { s.logicalCores = 16; }, CacheMiss::otherMachine},
      {"RAM", [](SystemInfo& s) { s.totalRamBytes *= 2; }, CacheMiss::otherMachine},
      {"caches", [](SystemInfo& s) { s.caches.pop_back(); }, CacheMiss::otherMachine},
      {"kernel release", [](SystemInfo& s) { s.kernel = "Linux 6.12.0"; }, CacheMiss::otherMachine},
      {"GPU added",
       [](SystemInfo& s) {
         s.gpus.push_back(s.gpus[0]);
         s.gpus[1].index = 1;
         s.gpus[1].pciBusId = "0000:02:00.0";
       },
       CacheMiss::otherMachine},
      {"GPU driver", [](SystemInfo& s) { s.gpus[0].driverVersion = "13.1"; },
       CacheMiss::otherMachine},
      {"compiler flags", [](SystemInfo& s) { s.compilerFlags = "-O2"; }, CacheMiss::otherBuild},
      {"build type", [](SystemInfo& s) { s.buildType = "Debug"; }, CacheMiss::otherBuild},
      {"SIMD target", [](SystemInfo& s) { s.simdSelected = "SSE4"; }, CacheMiss::otherBuild},
      {"OpenMP", [](SystemInfo& s) { s.openmpVersion = "5.0 (201811)"; }, CacheMiss::otherBuild},
      {"host name only", [](SystemInfo& s) { s.hostName = "bench-2"; }, std::nullopt},
      {"available RAM only", [](SystemInfo& s) { s.availableRamBytes /= 2; }, std::nullopt},
  };
  return table;
}

}  // namespace

class TestMachineCache : public QObject {
  Q_OBJECT

 private slots:
  void init() {
    dir_ = std::make_unique<QTemporaryDir>();
    QVERIFY(dir_->isValid());
    file_ = fs::path(dir_->path().toStdString()) / "accellab" / "machine.json";
  }

  // Measured once, then served: the ceilings and their time from the file, the rest live.
  void roundTrip() {
    FakeMachine machine;
    const MachineCache cache = cacheAt(file_);
    const MachineProbe first = probeMachine(machine.engine(), cache);
    QCOMPARE(machine.measurements, 1);
    QVERIFY2(first.warning.empty(), first.warning.c_str());
    QVERIFY(fs::is_regular_file(file_));
    QVERIFY(!first.system.bandwidthCached);
    QVERIFY(!first.system.bandwidthMeasured.empty());
    QCOMPARE(first.system.bandwidthCeilingBytesPerS, 1e10);

    machine.host.availableRamBytes = std::uint64_t{10} << 30;
    const MachineProbe second = probeMachine(machine.engine(), cache);
    QCOMPARE(machine.measurements, 1);
    QVERIFY(second.warning.empty());
    QVERIFY(second.system.bandwidthCached);
    QCOMPARE(second.system.bandwidthCeilingBytesPerS, 1e10);
    QCOMPARE(second.system.bandwidthMethod, std::string("fake copy"));
    QCOMPARE(second.system.bandwidthMeasured, first.system.bandwidthMeasured);
    QCOMPARE(second.system.gpus[0].copyCeilingBytesPerS, 1e12);
    QVERIFY(second.system.computeCeilings == FakeMachine::computeCeilings(1));
    QCOMPARE(second.system.availableRamBytes, std::uint64_t{10} << 30);

    // The cached probe is exactly the live probe with the measured part added.
    SystemInfo expected = machine.host;
    expected.bandwidthCeilingBytesPerS = 1e10;
    expected.bandwidthMethod = "fake copy";
    expected.bandwidthMeasured = first.system.bandwidthMeasured;
    expected.bandwidthCached = true;
    expected.gpus[0].copyCeilingBytesPerS = 1e12;
    expected.computeCeilings = FakeMachine::computeCeilings(1);
    expected.streamingFromBytes = std::uint64_t{32} << 20;
    expected.streamingMethod = "fake trials";
    expected.splitFromBytes = std::uint64_t{1} << 20;
    expected.splitMethod = "fake split trials";
    expected.cacheRoofs = FakeMachine::cacheRoofs(1);
    QVERIFY(second.system == expected);
  }

  // A cache written before the cache roofs were measured, on a machine whose caches are known:
  // measured again, not served without them.
  void cacheWithoutCacheRoofsIsMeasuredAgain() {
    FakeMachine machine;
    const MachineCache cache = cacheAt(file_);
    probeMachine(machine.engine(), cache);
    SystemInfo older =
        *cache.load(machine.engine().probeSystem({.measureBandwidth = false})).system;
    older.cacheRoofs.clear();
    cache.store(older);
    QCOMPARE(cache.load(machine.host).miss, CacheMiss::unreadable);
    const MachineProbe measured = probeMachine(machine.engine(), cache);
    QCOMPARE(machine.measurements, 2);
    QVERIFY(measured.system.cacheRoofs == FakeMachine::cacheRoofs(2));
  }

  // A cache written before the compute ceilings existed holds a bandwidth ceiling only: it
  // is measured over and rewritten with them, not served with no compute ceilings.
  void cacheWithoutComputeCeilingsIsMeasuredAgain() {
    FakeMachine machine;
    const MachineCache cache = cacheAt(file_);
    SystemInfo older = machine.host;
    older.bandwidthCeilingBytesPerS = 5e9;
    older.bandwidthMethod = "older copy";
    older.bandwidthMeasured = "2026-11-01T04:30:00Z";
    cache.store(older);
    QVERIFY(!readAll(file_).contains("compute_ceilings"));

    const CacheLookup lookup =
        cache.load(machine.engine().probeSystem({.measureBandwidth = false}));
    QVERIFY(!lookup.system);
    QCOMPARE(lookup.miss, CacheMiss::unreadable);

    const MachineProbe measured = probeMachine(machine.engine(), cache);
    QCOMPARE(machine.measurements, 1);
    QVERIFY(measured.system.computeCeilings == FakeMachine::computeCeilings(1));
    QVERIFY(readAll(file_).contains("compute_ceilings"));
    const MachineProbe served = probeMachine(machine.engine(), cache);
    QCOMPARE(machine.measurements, 1);
    QVERIFY(served.system.bandwidthCached);
    QCOMPARE(served.system.bandwidthCeilingBytesPerS, 1e10);
    QVERIFY(served.system.computeCeilings == FakeMachine::computeCeilings(1));
  }

  // Ceilings measured while other work competed are marked and kept, served while the machine is
  // still busy (marked), and measured again once it is quiet.
  void aBusyMeasurementIsMeasuredAgainWhenQuiet() {
    FakeMachine machine;
    const std::string load = "load average 3.10 over the last minute is above the 2 logical cores";
    const MachineProbe busy = probeMachine(machine.engine(), cacheAt(file_, load));
    QCOMPARE(machine.measurements, 1);
    QCOMPARE(busy.system.ceilingsBusy, load);
    QVERIFY(readAll(file_).contains("ceilings_busy"));

    const MachineProbe stillBusy =
        probeMachine(machine.engine(), cacheAt(file_, {}, "another process kept a core busy"));
    QCOMPARE(machine.measurements, 1);
    QVERIFY(stillBusy.system.bandwidthCached);
    QCOMPARE(stillBusy.system.ceilingsBusy, load);
    QCOMPARE(stillBusy.system.bandwidthCeilingBytesPerS, 1e10);

    const MachineCache quiet = cacheAt(file_);
    QCOMPARE(quiet.load(machine.host).miss, CacheMiss::quietNow);
    const MachineProbe remeasured = probeMachine(machine.engine(), quiet);
    QCOMPARE(machine.measurements, 2);
    QVERIFY(remeasured.system.ceilingsBusy.empty());
    QCOMPARE(remeasured.system.bandwidthCeilingBytesPerS, 2e10);
    QVERIFY(!readAll(file_).contains("ceilings_busy"));
    QVERIFY(quiet.load(machine.host).system);
  }

  // The watch runs the measurement itself, once, and names no competition it did not see: the
  // real one, on a probe of no time (it then waits out its sample).
  void theRealWatchRunsTheMeasurementOnce() {
    int runs = 0;
    const std::string found = watchCompetition([&runs] { ++runs; });
    QCOMPARE(runs, 1);
    for (const char* advice : {"stop it", "wait until"})
      QVERIFY2(found.find(advice) == std::string::npos, found.c_str());
  }

  // measureMachine measures although the cache could serve, and replaces it.
  void remeasureReplaces() {
    FakeMachine machine;
    const MachineCache cache = cacheAt(file_);
    probeMachine(machine.engine(), cache);
    const MachineProbe again = measureMachine(machine.engine(), cache);
    QCOMPARE(machine.measurements, 2);
    QVERIFY(!again.system.bandwidthCached);
    const MachineProbe served = probeMachine(machine.engine(), cache);
    QCOMPARE(machine.measurements, 2);
    QCOMPARE(served.system.bandwidthCeilingBytesPerS, 2e10);
    QVERIFY(served.system.computeCeilings == FakeMachine::computeCeilings(2));
  }

  // Ceilings measured with other CPUs usable (mpirun's binding, taskset) are not this
  // process's: a cache naming another count misses, and so does one that names none (written
  // before it was recorded); the measurement then kept serves.
  void otherUsableCpusMiss() {
    FakeMachine machine;
    const MachineCache cache = cacheAt(file_);
    probeMachine(machine.engine(), cache);
    const SystemInfo live = machine.engine().probeSystem({.measureBandwidth = false});
    QVERIFY(cache.load(live).system);
    QJsonObject stored = QJsonDocument::fromJson(readAll(file_)).object();
    QVERIFY(stored.value(QStringLiteral("usable_cpus")).toInt() >= 1);
    for (const QJsonValue& other :
         {QJsonValue(stored.value(QStringLiteral("usable_cpus")).toInt() + 1), QJsonValue()}) {
      QJsonObject edited = stored;
      if (other.isNull())
        edited.remove(QStringLiteral("usable_cpus"));
      else
        edited[QStringLiteral("usable_cpus")] = other;
      writeAll(file_, QJsonDocument(edited).toJson());
      const CacheLookup lookup = cache.load(live);
      QVERIFY(!lookup.system);
      QCOMPARE(lookup.miss, CacheMiss::otherMachine);
    }
    probeMachine(machine.engine(), cache);
    QCOMPARE(machine.measurements, 2);
    QVERIFY(cache.load(live).system);
  }

  void keyChanges_data() {
    QTest::addColumn<int>("change");
    for (std::size_t i = 0; i < changes().size(); ++i)
      QTest::newRow(changes()[i].name) << static_cast<int>(i);
  }

  // Another machine or build misses, is measured, and its measurement then serves it.
  void keyChanges() {
    QFETCH(int, change);
    const Change& row = changes()[static_cast<std::size_t>(change)];
    FakeMachine machine;
    const MachineCache cache = cacheAt(file_);
    probeMachine(machine.engine(), cache);
    row.apply(machine.host);

    const CacheLookup lookup =
        cache.load(machine.engine().probeSystem({.measureBandwidth = false}));
    QCOMPARE(lookup.system.has_value(), !row.miss.has_value());
    if (row.miss) QCOMPARE(lookup.miss, *row.miss);

    probeMachine(machine.engine(), cache);
    QCOMPARE(machine.measurements, row.miss ? 2 : 1);
    QVERIFY(cache.load(machine.engine().probeSystem({.measureBandwidth = false})).system);
  }

  void unusableFiles_data() {
    QTest::addColumn<QByteArray>("from");
    QTest::addColumn<QByteArray>("to");
    QTest::addColumn<int>("miss");
    // CacheMiss::implausible: what the reason starts with; a cache edited to say what no probe
    // of this machine measured is never shown as real nor copied into sessions as "cached".
    QTest::addColumn<QString>("why");
    const auto unreadable = static_cast<int>(CacheMiss::unreadable);
    QTest::newRow("empty") << QByteArray() << QByteArray() << unreadable << QString();
    QTest::newRow("not JSON") << QByteArray("\"format\"") << QByteArray("\"format") << unreadable
                              << QString();
    QTest::newRow("another format") << QByteArray("accellab-machine-cache")
                                    << QByteArray("accellab-session") << unreadable << QString();
    QTest::newRow("newer format") << QByteArray("\"version\": 1") << QByteArray("\"version\": 2")
                                  << unreadable << QString();
    QTest::newRow("no ceiling") << QByteArray("\"bandwidth_ceiling_bytes_per_s\": 10000000000.0")
                                << QByteArray("\"bandwidth_ceiling_bytes_per_s\": 0") << unreadable
                                << QString();
    QTest::newRow("wrong type") << QByteArray("\"logical_cores\": 8")
                                << QByteArray("\"logical_cores\": \"8\"") << unreadable
                                << QString();
    QTest::newRow("another AccelLab")
        << QByteArray("\"accellab_version\": \"") << QByteArray("\"accellab_version\": \"0.0.0-")
        << static_cast<int>(CacheMiss::otherBuild) << QString();
    const auto implausible = static_cast<int>(CacheMiss::implausible);
    const QByteArray bandwidth("\"bandwidth_ceiling_bytes_per_s\": 10000000000.0");
    QTest::newRow("1 B/s") << bandwidth << QByteArray("\"bandwidth_ceiling_bytes_per_s\": 1.0")
                           << implausible << "a bandwidth of 1 B/s";
    QTest::newRow("1e-300 B/s") << bandwidth
                                << QByteArray("\"bandwidth_ceiling_bytes_per_s\": 1e-300")
                                << implausible << "a bandwidth of 1e-300 B/s";
    QTest::newRow("1e300 B/s") << bandwidth
                               << QByteArray("\"bandwidth_ceiling_bytes_per_s\": 1e300")
                               << implausible << "a bandwidth of 1e+300 B/s";
    QTest::newRow("GPU copy") << QByteArray("\"copy_ceiling_bytes_per_s\": 1000000000000.0")
                              << QByteArray("\"copy_ceiling_bytes_per_s\": 1e300") << implausible
                              << "GPU 0's bandwidth of 1e+300 B/s";
    QTest::newRow("compute 1e300")
        << QByteArray("\"flops_per_s\": 4000000000.0") << QByteArray("\"flops_per_s\": 1e300")
        << implausible << "a f64 scalar peak of 1e+300 FLOP/s on 1 threads";
    QTest::newRow("compute 1e-300")
        << QByteArray("\"flops_per_s\": 4000000000.0") << QByteArray("\"flops_per_s\": 1e-300")
        << implausible << "a f64 scalar peak of 1e-300 FLOP/s on 1 threads";
    QTest::newRow("absent GPU") << QByteArray("\"gpu_index\": 0") << QByteArray("\"gpu_index\": 3")
                                << implausible
                                << "a f32 CUDA peak of GPU 3, which this machine does not have";
    // A cache from before the store crossover was measured: measured again.
    const QByteArray streaming("\"streaming_from_bytes\": 33554432");
    QTest::newRow("no store crossover")
        << streaming << QByteArray("\"streaming_from_bytes\": 0") << unreadable << QString();
    QTest::newRow("streaming from 1 byte") << streaming << QByteArray("\"streaming_from_bytes\": 1")
                                           << implausible << "streaming stores from 1 bytes";
    QTest::newRow("splitting from 1 TiB") << QByteArray("\"split_from_bytes\": 1048576")
                                          << QByteArray("\"split_from_bytes\": 1099511627776")
                                          << implausible << "splitting from 1099511627776 bytes";
    QTest::newRow("cache roof 1e300")
        << QByteArray("\"bytes_per_s\": 200000000000.0") << QByteArray("\"bytes_per_s\": 1e300")
        << implausible << "an L1 bandwidth of 1e+300 B/s";
    QTest::newRow("threads") << QByteArray("\"threads\": 8") << QByteArray("\"threads\": 1048576")
                             << implausible
                             << "a f64 AVX2 peak on 1048576 threads (this machine has 8";
  }

  // A file edited, cut or from elsewhere is measured over, then replaced by a good one.
  void unusableFiles() {
    QFETCH(QByteArray, from);
    QFETCH(QByteArray, to);
    QFETCH(int, miss);
    QFETCH(QString, why);
    FakeMachine machine;
    const MachineCache cache = cacheAt(file_);
    probeMachine(machine.engine(), cache);
    QByteArray text = readAll(file_);
    if (from.isEmpty()) {
      text.clear();
    } else {
      QVERIFY2(text.contains(from), text.constData());
      text.replace(from, to);
    }
    writeAll(file_, text);

    const CacheLookup lookup =
        cache.load(machine.engine().probeSystem({.measureBandwidth = false}));
    QVERIFY(!lookup.system);
    QCOMPARE(static_cast<int>(lookup.miss), miss);
    QVERIFY2(QString::fromStdString(lookup.implausible).startsWith(why) &&
                 why.isEmpty() == lookup.implausible.empty(),
             lookup.implausible.c_str());
    const MachineProbe measured = probeMachine(machine.engine(), cache);
    QCOMPARE(machine.measurements, 2);
    QVERIFY(measured.warning.empty());
    QVERIFY(!measured.system.bandwidthCached);
    QCOMPARE(measured.distrusted, lookup.implausible);
    const MachineProbe served = probeMachine(machine.engine(), cache);
    QCOMPARE(machine.measurements, 2);
    QVERIFY(served.system.bandwidthCached);
    QCOMPARE(served.system.bandwidthCeilingBytesPerS, 2e10);
  }

  void absentFileMisses() {
    FakeMachine machine;
    const CacheLookup lookup =
        cacheAt(file_).load(machine.engine().probeSystem({.measureBandwidth = false}));
    QVERIFY(!lookup.system);
    QCOMPARE(lookup.miss, CacheMiss::absent);
  }

  // Under a regular file no directory can be made (even as root): the probe is complete,
  // the warning names the file, and the next probe measures again.
  void unwritableCacheWarns() {
    const fs::path blocker = fs::path(dir_->path().toStdString()) / "not-a-directory";
    writeAll(blocker, "x");
    const MachineCache cache = cacheAt(blocker / "accellab" / "machine.json");
    FakeMachine machine;
    const MachineProbe probe = probeMachine(machine.engine(), cache);
    QCOMPARE(probe.system.bandwidthCeilingBytesPerS, 1e10);
    QVERIFY(!probe.system.bandwidthMeasured.empty());
    QVERIFY2(probe.warning.find(cache.file().string()) != std::string::npos, probe.warning.c_str());
    probeMachine(machine.engine(), cache);
    QCOMPARE(machine.measurements, 2);
  }

  // `ln -s /etc/passwd ~/.cache/accellab/machine.json`: the link is replaced by the cache, the
  // file it named (a decoy here) is untouched.
  void aPlantedSymlinkIsReplacedNotFollowed() {
    fs::create_directories(file_.parent_path());
    const fs::path decoy = fs::path(dir_->path().toStdString()) / "passwd";
    writeAll(decoy, "root:x:0:0:root:/root:/bin/bash\n");
    fs::create_symlink(decoy, file_);
    FakeMachine machine;
    const MachineCache cache = cacheAt(file_);
    const MachineProbe probe = probeMachine(machine.engine(), cache);
    QVERIFY2(probe.warning.empty(), probe.warning.c_str());
    QCOMPARE(readAll(decoy), QByteArray("root:x:0:0:root:/root:/bin/bash\n"));
    QVERIFY(!fs::is_symlink(file_));
    QVERIFY(cache.load(machine.engine().probeSystem({.measureBandwidth = false})).system);
  }

  // A relative XDG_CACHE_HOME is ignored (the XDG rules); with HOME unset the warning says so,
  // not that neither is set.
  void relativeXdgWithoutHomeIsNamed() {
    const QByteArray relative("relative/cache");
    const ScopedEnv xdg("XDG_CACHE_HOME", relative.constData());
    const ScopedEnv home("HOME", nullptr);
    FakeMachine machine;
    const MachineProbe probe = measureMachine(machine.engine(), cacheAt(defaultMachineCacheFile()));
    QVERIFY2(probe.warning.find("XDG_CACHE_HOME is a relative path") != std::string::npos,
             probe.warning.c_str());
  }

  void directoryInTheWayWarns() {
    fs::create_directories(file_);
    FakeMachine machine;
    const MachineCache cache = cacheAt(file_);
    QCOMPARE(cache.load(machine.engine().probeSystem({.measureBandwidth = false})).miss,
             CacheMiss::unreadable);
    const MachineProbe probe = probeMachine(machine.engine(), cache);
    QCOMPARE(probe.system.bandwidthCeilingBytesPerS, 1e10);
    QVERIFY2(!probe.warning.empty(), "no warning");
  }

  // A measurement cut short by Ctrl+C is no ceiling: nothing is stored.
  void interruptedMeasurementIsNotKept() {
    FakeMachine machine;
    std::stop_source stop;
    stop.request_stop();
    const MachineProbe probe = measureMachine(machine.engine(), cacheAt(file_), stop.get_token());
    QCOMPARE(probe.system.bandwidthCeilingBytesPerS, 0.0);
    QVERIFY(probe.system.computeCeilings.empty());
    QVERIFY(probe.warning.empty());
    QVERIFY(!fs::exists(file_));
  }

  void location_data() {
    QTest::addColumn<QByteArray>("xdg");  // "-": unset
    QTest::addColumn<QByteArray>("home");
    QTest::addColumn<QString>("expected");
    QTest::newRow("XDG_CACHE_HOME")
        << QByteArray("/x/cache") << QByteArray("/h") << "/x/cache/accellab/machine.json";
    QTest::newRow("XDG_CACHE_HOME relative: ignored")
        << QByteArray("cache") << QByteArray("/h") << "/h/.cache/accellab/machine.json";
    QTest::newRow("XDG_CACHE_HOME empty")
        << QByteArray("") << QByteArray("/h") << "/h/.cache/accellab/machine.json";
    QTest::newRow("XDG_CACHE_HOME unset")
        << QByteArray("-") << QByteArray("/h") << "/h/.cache/accellab/machine.json";
    QTest::newRow("neither") << QByteArray("-") << QByteArray("-") << QString();
  }

  void location() {
    QFETCH(QByteArray, xdg);
    QFETCH(QByteArray, home);
    QFETCH(QString, expected);
    const ScopedEnv xdgEnv("XDG_CACHE_HOME", xdg == "-" ? nullptr : xdg.constData());
    const ScopedEnv homeEnv("HOME", home == "-" ? nullptr : home.constData());
    QCOMPARE(QString::fromStdString(defaultMachineCacheFile().string()), expected);
  }

  // The session records when its ceilings were measured and whether they were cached; an
  // older session, without either, reads as before.
  void sessionKeepsTheMeasurementTime() {
    SystemInfo system = FakeMachine().host;
    system.bandwidthCeilingBytesPerS = 1e10;
    const std::string older = systemInfoToJson(system);
    QVERIFY(older.find("bandwidth_measured") == std::string::npos);
    QVERIFY(systemInfoFromJson(older) == system);
    system.bandwidthMeasured = "2026-12-01T04:30:00Z";
    system.bandwidthCached = true;
    const std::string text = systemInfoToJson(system);
    QVERIFY(text.find("\"bandwidth_cached\": true") != std::string::npos);
    QVERIFY(systemInfoFromJson(text) == system);
    QVERIFY_THROWS_EXCEPTION(SessionError, systemInfoFromJson("[1]"));
  }

 private:
  std::unique_ptr<QTemporaryDir> dir_;
  fs::path file_;
};

QTEST_MAIN(TestMachineCache)
#include "tst_machine_cache.moc"
