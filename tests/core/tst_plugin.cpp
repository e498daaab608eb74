// Kernel plugins (plugin.h): a good one loads and runs like a built-in kernel (verified,
// skipped, failed, cancelled as it says); every broken one is refused with one clear message.
#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>
#include <fstream>

#include "accellab/plugin_loader.h"
#include "accellab/registry.h"
#include "accellab/runner.h"

using namespace accellab;

namespace {

std::string pluginPath(int fault) {
  return std::string(ACCELLAB_TEST_PLUGIN_DIR) + "/test_plugin_" + std::to_string(fault) + ".so";
}

MemoryAvailable plenty() { return {std::uint64_t{1} << 30, std::nullopt}; }

MeasureConfig quick() {
  MeasureConfig config;
  config.minReps = 3;
  config.minTimeS = 0;
  return config;
}

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
    QCOMPARE(info.variants.size(), std::size_t{4});
    QVERIFY(info.variant("wrong")->usesThreads);
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

  // Its kernels keep the library loaded after the plugin's own record is gone.
  void kernelsOutliveTheirLoader() {
    std::vector<std::unique_ptr<Kernel>> kernels = loadPlugin(pluginPath(0)).kernels;
    Registry registry;
    registry.add(std::move(kernels[0]));
    Runner runner(registry, plenty);
    QVERIFY(runner.runPoint(copyPoint("loop"), quick()).verified);
  }

  void brokenPluginsAreRefused_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("message");
    const auto row = [](const char* name, int fault, const char* message) {
      QTest::newRow(name) << QString::fromStdString(pluginPath(fault)) << QString(message);
    };
    row("another ABI", 1,
        "was built for plugin ABI 2.0, this AccelLab speaks 1.0: rebuild it against this SDK");
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
    QTest::newRow("missing file") << QStringLiteral("/nonexistent/plugin.so")
                                  << QStringLiteral("cannot be loaded as a shared library");
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
  }
};

QTEST_GUILESS_MAIN(TestPlugin)
#include "tst_plugin.moc"
