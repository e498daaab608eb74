// Kernel plugins (plugin.h): a good one loads and runs like a built-in kernel (verified,
// skipped, failed, cancelled as it says); every broken one is refused with one clear message.
#include <sys/stat.h>

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>
#include <cstring>
#include <fstream>

#include "accellab/plugin_loader.h"
#include "accellab/registry.h"
#include "accellab/runner.h"

using namespace accellab;

namespace {

std::string pluginPath(const std::string& build) {
  return std::string(ACCELLAB_TEST_PLUGIN_DIR) + "/test_plugin_" + build + ".so";
}
std::string pluginPath(int fault) { return pluginPath(std::to_string(fault)); }

MemoryAvailable plenty() { return {std::uint64_t{1} << 30, std::nullopt}; }
MemoryAvailable withDevice() { return {std::uint64_t{1} << 30, std::uint64_t{1} << 30}; }

MeasureConfig quick() {
  MeasureConfig config;
  config.minReps = 3;
  config.minTimeS = 0;
  return config;
}

// A device that is host memory: copies are memcpy, the stream a token; what AccelLab's CUDA
// build does around a plugin's device work (kernels/cuda/plugin_device.cpp), minus the events.
class FakeDeviceRun : public KernelRun {
 public:
  explicit FakeDeviceRun(std::unique_ptr<PluginDeviceWork> work) : work_(std::move(work)) {}
  void poisonOutput() override {
    for (const DeviceTransfer& t : work_->out()) std::memset(t.device, 0xFF, t.bytes);
    work_->poisonHost();
  }
  RunOutcome run(std::stop_token) override {
    for (const DeviceTransfer& t : work_->in()) std::memcpy(t.device, t.host, t.bytes);
    work_->launch(&stream_);
    for (const DeviceTransfer& t : work_->out()) std::memcpy(t.host, t.device, t.bytes);
    return {};
  }
  Verification verify() const override { return work_->verify(); }
  std::vector<ReportedValue> reportedValues() const override { return work_->reportedValues(); }

 private:
  std::unique_ptr<PluginDeviceWork> work_;
  int stream_ = 0;
};

class FakeDevices : public PluginDevices {
 public:
  Availability availability() const override { return Availability::yes(); }
  int device() const override { return 0; }
  void select() const override { ++selected; }
  std::unique_ptr<KernelRun> run(std::unique_ptr<PluginDeviceWork> work) const override {
    return std::make_unique<FakeDeviceRun>(std::move(work));
  }
  mutable int selected = 0;
};

Point copyPoint(const std::string& variant, std::uint64_t n = 100) {
  Point point;
  point.kernel = "copy";
  point.variant = variant;
  point.params.kernelParams["n"] = n;
  return point;
}

}  // namespace

class TestPlugin : public QObject {
  Q_OBJECT

 private slots:
  // The plugin's declaration becomes the kernel's: parameters, element types, variants.
  void aGoodPluginDeclaresItsKernel() {
    LoadedPlugin plugin = loadPlugin(pluginPath(0));
    QCOMPARE(plugin.identity.name, std::string("test-plugin"));
    QCOMPARE(plugin.identity.version, std::string("0.1"));
    // What a session records of the build measured: the file, absolute, and its digest.
    const QString file = QString::fromStdString(pluginPath(0));
    QCOMPARE(QString::fromStdString(plugin.identity.file), QFileInfo(file).absoluteFilePath());
    QFile bytes(file);
    QVERIFY(bytes.open(QIODevice::ReadOnly));
#if ACCELLAB_HAS_OPENSSL
    QCOMPARE(QString::fromStdString(plugin.identity.sha256),
             QString::fromLatin1(
                 QCryptographicHash::hash(bytes.readAll(), QCryptographicHash::Sha256).toHex()));
#else
    QVERIFY(plugin.identity.sha256.empty());  // a build without OpenSSL records no digest
#endif
    QCOMPARE(plugin.kernels.size(), std::size_t{1});
    const KernelInfo& info = plugin.kernels[0]->info();
    QVERIFY(info.plugin == plugin.identity);
    QCOMPARE(info.name, std::string("copy"));
    QVERIFY(info.problem == ProblemKind::parameters);
    QCOMPARE(info.parameters.size(), std::size_t{1});
    QCOMPARE(info.parameters[0].name, std::string("n"));
    QCOMPARE(info.parameters[0].defaultValue, std::uint64_t{10});
    QCOMPARE(info.parameters[0].max, std::uint64_t{1000});
    QVERIFY(info.dtypes == std::vector<DType>{DType::f64});
    QCOMPARE(info.variants.size(), std::size_t{5});
    QVERIFY(info.variant("wrong")->usesThreads);
    // No device runner given: the device variant is listed, and says why it cannot run.
    QVERIFY(info.variant("device")->onDevice);
    QCOMPARE(info.variant("device")->availability.reason,
             std::string("this program runs no device variants of plugins"));
    // Its memory is still estimated (the panel asks before anything runs).
    QCOMPARE(plugin.kernels[0]->memoryNeed(copyPoint("device").params, "device").deviceBytes,
             std::uint64_t{1600});
    QCOMPARE(info.reportedValues.size(), std::size_t{2});
    QCOMPARE(info.reportedValues[1].unit, std::string("%"));
    QCOMPARE(info.intensityNote, std::string("16 bytes per element"));
    Params params;
    params.kernelParams["n"] = 64;
    QCOMPARE(plugin.kernels[0]->workload(params).bytes, std::uint64_t{16 * 64});
  }

  // Measured by the runner as any kernel: each variant's outcome is what it says.
  void itsVariantsRunAsTheySay() {
    LoadedPlugin plugin = loadPlugin(pluginPath(0));
    Registry registry;
    for (auto& kernel : plugin.kernels) registry.add(std::move(kernel));
    Runner runner(registry, plenty);
    const PointResult ok = runner.runPoint(copyPoint("loop"), quick());
    QVERIFY2(ok.status == PointStatus::ok, ok.reason.c_str());
    QVERIFY(ok.verified);
    QCOMPARE(ok.verifyDetail, std::string("every element copied"));
    QVERIFY(ok.samplesS.size() >= 3);
    QCOMPARE(ok.bytes, std::uint64_t{1600});
    // Its values, a NaN ("never") left out.
    QCOMPARE(ok.values, (std::vector<ReportedValue>{{"copied", "", 100.0}}));
    QVERIFY(ok.valuesMissing.empty());
    // Values that fail to come leave the measured, verified point standing, with the reason.
    const PointResult unreported = runner.runPoint(copyPoint("loop", 13), quick());
    QVERIFY2(unreported.status == PointStatus::ok && unreported.verified,
             unreported.reason.c_str());
    QVERIFY(unreported.samplesS.size() >= 3 && unreported.stats.medianS > 0);
    QVERIFY(unreported.values.empty());
    QCOMPARE(unreported.valuesMissing, std::string("its report_values failed: cannot count to 13"));
    const PointResult skipped = runner.runPoint(copyPoint("skips"), quick());
    QVERIFY(skipped.status == PointStatus::skipped);
    QCOMPARE(skipped.reason, std::string("not applicable here: no such device"));
    const PointResult failed = runner.runPoint(copyPoint("fails"), quick());
    QVERIFY(failed.status == PointStatus::failed);
    QCOMPARE(failed.reason, std::string("the device fell over"));
    const PointResult wrong = runner.runPoint(copyPoint("wrong"), quick());
    QVERIFY(wrong.status == PointStatus::failed);
    QCOMPARE(wrong.reason, std::string("verification failed: elements differ"));
    std::stop_source stop;
    stop.request_stop();
    const PointResult cancelled = runner.runPoint(copyPoint("loop"), quick(), stop.get_token());
    QVERIFY(cancelled.status == PointStatus::cancelled);
  }

  // A device variant's buffers and launch, run by the devices given: copied in, launched on
  // the stream handed over, copied back, verified; its output poisoned on both sides first.
  void deviceVariantsRunOnTheDevicesGiven() {
    auto devices = std::make_shared<FakeDevices>();
    LoadedPlugin plugin = loadPlugin(pluginPath(0), devices);
    QVERIFY(plugin.kernels[0]->info().variant("device")->availability.available);
    QCOMPARE(plugin.kernels[0]->memoryNeed(copyPoint("device").params, "device").deviceBytes,
             std::uint64_t{1600});
    Registry registry;
    for (auto& kernel : plugin.kernels) registry.add(std::move(kernel));
    Runner runner(registry, withDevice);
    const PointResult ok = runner.runPoint(copyPoint("device", 333), quick());
    QVERIFY2(ok.status == PointStatus::ok, ok.reason.c_str());
    QVERIFY(ok.verified);
    QCOMPARE(ok.values, (std::vector<ReportedValue>{{"copied", "", 333.0}}));
    QCOMPARE(devices->selected, 1);  // before its prepare, which checks the ordinal it got
    // Without devices, the point is skipped with the reason, never prepared.
    LoadedPlugin alone = loadPlugin(pluginPath(0));
    Registry lone;
    lone.add(std::move(alone.kernels[0]));
    const PointResult skipped = Runner(lone, withDevice).runPoint(copyPoint("device"), quick());
    QVERIFY(skipped.status == PointStatus::skipped);
    QCOMPARE(skipped.reason, std::string("this program runs no device variants of plugins"));
  }

  // A plugin built against ABI 1.0's header loads: its arrays read with its own stride, the
  // fields it has not read as absent.
  void aPluginOfTheFirstAbiLoads() {
    LoadedPlugin plugin = loadPlugin(pluginPath("abi10"));
    const KernelInfo& info = plugin.kernels[0]->info();
    std::vector<std::string> names;
    for (const VariantInfo& v : info.variants) {
      names.push_back(v.name);
      QVERIFY(!v.onDevice);
    }
    QCOMPARE(names, (std::vector<std::string>{"loop", "skips", "fails", "wrong"}));
    QVERIFY(info.variant("wrong")->usesThreads);
    QVERIFY(info.reportedValues.empty());
    Registry registry;
    registry.add(std::move(plugin.kernels[0]));
    const PointResult ok = Runner(registry, plenty).runPoint(copyPoint("loop"), quick());
    QVERIFY(ok.verified);
    QVERIFY(ok.values.empty());
  }

  // A plugin written with the C++ layer (plugin.hpp): each kernel's own callbacks, exceptions
  // as statuses with their messages, the device variant's transfers and launch, the values.
  void aPluginInCppMeasuresLikeOneInC() {
    auto devices = std::make_shared<FakeDevices>();
    LoadedPlugin plugin = loadPlugin(pluginPath("cpp"), devices);
    QCOMPARE(plugin.identity.name, std::string("cpp-plugin"));
    QCOMPARE(plugin.kernels.size(), std::size_t{2});
    const KernelInfo& ramp = plugin.kernels[1]->info();
    QCOMPARE(ramp.parameters[0].name, std::string("m"));
    QVERIFY(ramp.dtypes.empty());
    Params params;
    params.kernelParams["m"] = 5;
    QCOMPARE(plugin.kernels[1]->workload(params).bytes, std::uint64_t{40});  // ramp's, not scale's
    QVERIFY(plugin.kernels[0]->info().variant("device")->onDevice);
    Registry registry;
    for (auto& kernel : plugin.kernels) registry.add(std::move(kernel));
    Runner runner(registry, withDevice);
    const auto point = [](const char* kernel, const char* variant) {
      Point p;
      p.kernel = kernel;
      p.variant = variant;
      return p;
    };
    const PointResult loop = runner.runPoint(point("scale", "loop"), quick());
    QVERIFY2(loop.verified, loop.reason.c_str());
    QCOMPARE(loop.verifyDetail, std::string("every element tripled"));
    QCOMPARE(loop.values, (std::vector<ReportedValue>{{"factor", "", 3.0}}));
    const PointResult skipped = runner.runPoint(point("scale", "skips"), quick());
    QVERIFY(skipped.status == PointStatus::skipped);
    QCOMPARE(skipped.reason, std::string("no such accelerator here"));
    const PointResult thrown = runner.runPoint(point("scale", "throws"), quick());
    QVERIFY(thrown.status == PointStatus::failed);
    QCOMPARE(thrown.reason, std::string("boom"));
    const PointResult device = runner.runPoint(point("scale", "device"), quick());
    QVERIFY2(device.verified, device.reason.c_str());
    QVERIFY(runner.runPoint(point("ramp", "loop"), quick()).verified);
  }

  // Its kernels keep the library loaded after the plugin's own record is gone.
  void kernelsOutliveTheirLoader() {
    std::vector<std::unique_ptr<Kernel>> kernels = loadPlugin(pluginPath(0)).kernels;
    Registry registry;
    registry.add(std::move(kernels[0]));
    Runner runner(registry, plenty);
    QVERIFY(runner.runPoint(copyPoint("loop"), quick()).verified);
  }

  // A constructor that calls exit(0) or crashes runs at dlopen, before anything is checked:
  // a forked child loads the plugin first, and says which ended it; a good plugin passes.
  void aPluginThatEndsItsLoaderIsFoundInAChild() {
    QVERIFY(!pluginEndsItsLoader(pluginPath(0)));
    QVERIFY(!pluginEndsItsLoader(pluginPath(1)));  // refused by the loader: the real load says so
    const auto exits = pluginEndsItsLoader(pluginPath(21));
    QVERIFY(exits);
    QVERIFY2(exits->find("its code ended a child process that loaded it (exited with status 0") !=
                 std::string::npos,
             exits->c_str());
    const auto crashes = pluginEndsItsLoader(pluginPath(22));
    QVERIFY(crashes);
    QVERIFY2(crashes->find("a child process that loaded it") != std::string::npos,
             crashes->c_str());
  }

  void brokenPluginsAreRefused_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("message");
    const auto row = [](const char* name, int fault, const char* message) {
      QTest::newRow(name) << QString::fromStdString(pluginPath(fault)) << QString(message);
    };
    row("another ABI", 1,
        "was built for plugin ABI 2.1, this AccelLab speaks 1.1: rebuild it against this SDK");
    row("no entry", 2,
        "exports no 'accellab_plugin_entry': not an AccelLab plugin, or its entry is not exported");
    row("no init", 3, "its entry has no init");
    row("init refuses", 4, "its init refused to load");
    row("a parameter name that is not plain", 5,
        "kernel 'copy' parameter 0 name 'bad name' is not a plain name");
    row("min above max", 6, "kernel 'copy' parameter 'n': min 50 is above max 40");
    row("default outside", 7, "kernel 'copy' parameter 'n': default 2000 is outside [1, 1000]");
    row("no run", 8, "kernel 'copy' has no run callback");
    row("null description", 9, "kernel 'copy' description is null");
    row("a variant twice", 11, "kernel 'copy' variant 'loop' is declared twice");
    row("no kernels", 12, "declares no kernels");
    row("a device variant without device_work", 15,
        "kernel 'copy' has no device_work callback (it has a variant on_device)");
    row("values without report_values", 16,
        "kernel 'copy' has no report_values callback (it declares values)");
    row("a GPU variant not on the device", 17,
        "kernel 'copy' variant 'device' has kind ACCELLAB_GPU but not on_device");
    row("an array of two struct sizes", 18,
        "kernel 'copy' variant 2 is 48 bytes, kernel 'copy' variant 0 is 40: one array, one struct "
        "size");
    row("a value twice", 19, "kernel 'copy' value 'copied' is declared twice");
    // Striding the array by it would read 2 GiB past its first element.
    row("a struct size beyond any ABI's", 20,
        "kernel 'copy' variant 0 is 2147483647 bytes, more than any struct of ABI 1.x can be (at "
        "most 4096)");
    QTest::newRow("missing file") << QStringLiteral("/nonexistent/plugin.so")
                                  << QStringLiteral("does not exist");
    // dlopen would read a FIFO forever, deaf to signals: refused before it is opened.
    static QTemporaryDir fifoDir;
    const QString fifo = fifoDir.filePath(QStringLiteral("fifo.so"));
    QVERIFY(::mkfifo(fifo.toLocal8Bit().constData(), 0600) == 0);
    QTest::newRow("a FIFO") << fifo << QStringLiteral("is not a regular file (a FIFO");
    QTest::newRow("a folder") << fifoDir.path() << QStringLiteral("is not a regular file");
    QTest::newRow("not a library") << QString(ACCELLAB_TEST_DATA_DIR "/session-v1.json")
                                   << QStringLiteral("cannot be loaded as a shared library");
  }
  void brokenPluginsAreRefused() {
    QFETCH(QString, file);
    QFETCH(QString, message);
    try {
      loadPlugin(file.toStdString());
      QFAIL("loaded");
    } catch (const PluginError& error) {
      const QString said = QString::fromStdString(error.what());
      QVERIFY2(said.startsWith(QStringLiteral("plugin ") + file + QStringLiteral(": ")),
               qPrintable(said));
      QVERIFY2(said.contains(message), qPrintable(said));
    }
  }

  // --plugin's files first, then ACCELLAB_PLUGIN_PATH's (a folder's *.so in name order), then
  // the user's folder.
  void pluginFilesComeInOrder() {
    QTemporaryDir dir;
    const std::filesystem::path root = dir.path().toStdString();
    for (const char* folder : {"path", "data/accellab/plugins"})
      std::filesystem::create_directories(root / folder);
    for (const char* file :
         {"path/b.so", "path/a.so", "path/notes.txt", "data/accellab/plugins/u.so"})
      std::ofstream(root / file) << "x";
    qputenv("ACCELLAB_PLUGIN_PATH", (root.string() + "/path::/nowhere/x.so").c_str());
    qputenv("XDG_DATA_HOME", (root / "data").c_str());
    const auto files = pluginFiles({"named.so"});
    qunsetenv("ACCELLAB_PLUGIN_PATH");
    qunsetenv("XDG_DATA_HOME");
    QCOMPARE(files, (std::vector<std::filesystem::path>{"named.so", root / "path/a.so",
                                                        root / "path/b.so", "/nowhere/x.so",
                                                        root / "data/accellab/plugins/u.so"}));

    // The same file found twice (the path naming the user's folder, a link to a file already
    // found) is loaded once, where it was first found; a FIFO in a folder is no plugin.
    std::filesystem::create_symlink(root / "path/a.so", root / "link.so");
    QVERIFY(::mkfifo((root / "path/c.so").c_str(), 0600) == 0);
    qputenv("ACCELLAB_PLUGIN_PATH", (root.string() + "/path:" + root.string() +
                                     "/data/accellab/plugins:" + root.string() + "/link.so")
                                        .c_str());
    qputenv("XDG_DATA_HOME", (root / "data").c_str());
    const auto once = pluginFiles({});
    qunsetenv("ACCELLAB_PLUGIN_PATH");
    qunsetenv("XDG_DATA_HOME");
    QCOMPARE(once, (std::vector<std::filesystem::path>{root / "path/a.so", root / "path/b.so",
                                                       root / "data/accellab/plugins/u.so"}));
  }
};

QTEST_GUILESS_MAIN(TestPlugin)
#include "tst_plugin.moc"
