#include "enginechoices.h"

#include <QDialog>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QTimer>
#include <algorithm>
#include <exception>

#include "accellab/plugin_loader.h"
#include "engines/cudasourcedialog.h"
#include "engines/engineset.h"
#include "engines/pluginprobe.h"
#include "engines/pluginsdialog.h"
#include "prompts.h"
#include "session/enginefiles.h"
#include "session/lastfolder.h"
#include "system/pythondialog.h"

namespace accellab::gui {

namespace {

const QString kPythonKey = QStringLiteral("python/interpreter");
const QString kPluginsKey = QStringLiteral("plugins/files");
// Each "kernel|entry|file": kernel and entry are identifiers, so the file is what follows.
const QString kSourcesKey = QStringLiteral("cudaSources/list");

QString sourceSetting(const CudaSourceChoice& source) {
  return QStringLiteral("%1|%2|%3")
      .arg(QString::fromStdString(source.kernel), QString::fromStdString(source.entry),
           QFile::decodeName(source.file.c_str()));
}

std::optional<CudaSourceChoice> sourceFromSetting(const QString& setting) {
  const qsizetype first = setting.indexOf(QLatin1Char('|'));
  const qsizetype second = first < 0 ? -1 : setting.indexOf(QLatin1Char('|'), first + 1);
  if (second < 0) return std::nullopt;
  return CudaSourceChoice{.kernel = setting.left(first).toStdString(),
                          .file = toFilePath(setting.mid(second + 1)),
                          .entry = setting.mid(first + 1, second - first - 1).toStdString()};
}

QString qs(const std::string& text) { return QString::fromStdString(text); }

}  // namespace

EngineChoices::EngineChoices(EngineSet& engines, QWidget& window, Prompts& prompts,
                             LastFolder& folder, bool useSettings, QStringList refused,
                             std::function<bool()> idle)
    : QObject(&window),
      engines_(engines),
      window_(window),
      prompts_(prompts),
      folder_(folder),
      useSettings_(useSettings),
      refused_(std::move(refused)),
      idle_(std::move(idle)),
      environmentPython_(qEnvironmentVariable("ACCELLAB_PYTHON")) {
  // Before the first engine asks which variants Python can run.
  if (useSettings_) python_ = QSettings().value(kPythonKey).toString();
  applyPythonInterpreter();
  if (!useSettings_) return;
  loadRememberedPlugins();
  // Said once the window shows (not in a demo's or a test's window, which use no settings).
  if (!refused_.isEmpty())
    QTimer::singleShot(0, this, [this] {
      prompts_.error(
          &window_, tr("Plugins not loaded"),
          refused_.join(QLatin1Char('\n')) + tr("\n\nFile \u25b8 Plugins\u2026 lists them."));
    });
}

void EngineChoices::applyPythonInterpreter() const {
  if (!environmentPython_.isEmpty()) return;
  if (python_.isEmpty())
    qunsetenv("ACCELLAB_PYTHON");
  else
    qputenv("ACCELLAB_PYTHON", python_.toLocal8Bit());
}

void EngineChoices::loadRememberedPlugins() {
  // Each checked alone first (a file since removed or rebuilt against another ABI), then all
  // together with the built-in kernels (a name taken twice): a refused one is left out and
  // said, never the reason the window cannot start.
  std::vector<std::filesystem::path> kept;
  for (const QString& file : QSettings().value(kPluginsKey).toStringList()) {
    try {
      // A Python file is listed by a child interpreter when the engine is made, below; a
      // plugin by a child process first, then here.
      if (!file.endsWith(QLatin1String(".py"))) {
        if (auto why = pluginCrashesWhenLoaded(engines_.probeProgram(), toFilePath(file))) {
          refused_ << *why;
          continue;
        }
        accellab::loadPlugin(toFilePath(file));
      }
      kept.push_back(toFilePath(file));
    } catch (const PluginError& error) {
      refused_ << qs(error.what());
    }
  }
  engines_.setPlugins(kept);
  try {
    engines_.forDevice(0);
  } catch (const std::exception& error) {  // PluginError, or a Python file that does not list
    refused_ << qs(error.what());
    engines_.setPlugins({});
  }
  // The CUDA sources added in the editor, compiled again (or read from the kernel cache); one
  // that no longer compiles, or whose file is gone, leaves them all out, and says why.
  std::vector<CudaSourceChoice> sources;
  for (const QString& setting : QSettings().value(kSourcesKey).toStringList())
    if (auto source = sourceFromSetting(setting)) sources.push_back(std::move(*source));
  if (sources.empty()) return;
  engines_.setCudaSources(sources);
  try {
    engines_.forDevice(0);
  } catch (const std::exception& error) {
    refused_ << qs(error.what());
    engines_.setCudaSources({});
  }
}

bool EngineChoices::canChange() const { return idle_() && !engines_.isRemaking(); }

void EngineChoices::change(std::vector<std::filesystem::path> plugins, const QString& doing) {
  if (dialog_) dialog_->setBusy(true);
  engines_.remake(std::move(plugins));
  emit changing(doing);
}

void EngineChoices::remembered() {
  if (pendingSource_ && sourceDialog_) {
    const CudaSourceChoice& added = *pendingSource_;
    const Kernel* kernel = engines_.forDevice(0).registry().find(added.kernel);
    const VariantInfo* variant = kernel ? kernel->info().variant(added.entry) : nullptr;
    QString how = tr("%1 is a variant of %2 now: tick it in the panel to run it beside gpu. Each "
                     "point compiles it for its GPU; the compile and the load are its first-call "
                     "cost.")
                      .arg(qs(added.entry), qs(added.kernel));
    if (variant && !variant->availability.available)
      how += tr("\nIt cannot run here: %1.").arg(qs(variant->availability.reason));
    sourceDialog_->compiled(how);
  }
  pendingSource_.reset();
  if (const auto file = std::exchange(loading_, std::nullopt);
      file && std::ranges::find(engines_.plugins(), *file) != engines_.plugins().end())
    announceLoaded(*file);
  if (useSettings_) {
    QStringList files;
    for (const std::filesystem::path& file : engines_.plugins())
      files << QFile::decodeName(file.c_str());
    QSettings().setValue(kPluginsKey, files);
    QStringList sources;
    for (const CudaSourceChoice& source : engines_.cudaSources()) sources << sourceSetting(source);
    QSettings().setValue(kSourcesKey, sources);
  }
  showPlugins();
}

void EngineChoices::announceLoaded(const std::filesystem::path& file) {
  QStringList kernels;
  for (const Kernel* kernel : engines_.forDevice(0).registry().kernels()) {
    const auto& plugin = kernel->info().plugin;
    if (plugin && std::filesystem::path(plugin->file) == file) kernels << qs(kernel->info().name);
  }
  const QString name = QFileInfo(QFile::decodeName(file.c_str())).fileName();
  emit loaded(kernels.value(0),
              kernels.isEmpty()
                  ? tr("Loaded %1: its functions joined the built-in kernels' variants").arg(name)
                  : tr("Loaded %1: %2 (%3 selected)")
                        .arg(name, kernels.join(QStringLiteral(", ")), kernels.front()));
}

bool EngineChoices::setPythonInterpreter(const QString& interpreter) {
  if (!environmentPython_.isEmpty() || !canChange()) return false;
  python_ = interpreter.trimmed();
  if (useSettings_) QSettings().setValue(kPythonKey, python_);
  // Set while nothing else of the window runs: no other thread reads the environment now.
  applyPythonInterpreter();
  change(engines_.plugins(), tr("Asking %1 which Python variants it can run\u2026")
                                 .arg(python_.isEmpty() ? QStringLiteral("python3") : python_));
  return true;
}

bool EngineChoices::loadPlugin(const QString& file) {
  if (!canChange()) return false;
  std::vector<std::filesystem::path> plugins = engines_.plugins();
  const std::filesystem::path path = toFilePath(QFileInfo(file).absoluteFilePath());
  if (std::ranges::find(plugins, path) != plugins.end()) return false;
  plugins.push_back(path);
  change(std::move(plugins), tr("Loading %1\u2026").arg(QDir::toNativeSeparators(file)));
  loading_ = path;
  return true;
}

bool EngineChoices::removePlugin(const QString& file) {
  if (!canChange()) return false;
  std::vector<std::filesystem::path> plugins = engines_.plugins();
  if (std::erase(plugins, toFilePath(file)) == 0) return false;
  change(std::move(plugins), tr("Unloading %1\u2026").arg(QDir::toNativeSeparators(file)));
  return true;
}

void EngineChoices::loadPluginWithDialog() {
  const QString file = prompts_.openFileName(&window_, tr("Load Kernel Plugin"), folder_.path(),
                                             tr("Kernel plugins (*.so);;All files (*)"));
  if (file.isEmpty()) return;
  folder_.rememberFileOf(file);
  loadPlugin(file);
}

void EngineChoices::openPythonWithDialog() {
  const QString file = prompts_.openFileName(&window_, tr("Open Python Benchmarks"), folder_.path(),
                                             tr("Python benchmark files (*.py);;All files (*)"));
  if (file.isEmpty()) return;
  folder_.rememberFileOf(file);
  loadPlugin(file);
}

void EngineChoices::showCudaSourceDialog() {
  if (!sourceDialog_) {
    std::vector<SourceKernel> kernels;
    for (const Kernel* kernel : engines_.forDevice(0).registry().kernels()) {
      const KernelInfo& info = kernel->info();
      if (info.sourceSignature.empty()) continue;
      // A source's variant runs where the kernel's gpu variant does.
      const VariantInfo* gpu = info.variant("gpu");
      kernels.push_back(
          {qs(info.name), qs(info.sourceSignature),
           gpu && !gpu->availability.available ? qs(gpu->availability.reason) : QString()});
    }
    sourceDialog_ = new CudaSourceDialog(std::move(kernels), prompts_, &window_);
    sourceDialog_->setAttribute(Qt::WA_DeleteOnClose);
    const std::filesystem::path last = !lastSourceFile_.empty() ? lastSourceFile_
                                       : engines_.cudaSources().empty()
                                           ? std::filesystem::path()
                                           : engines_.cudaSources().back().file;
    std::error_code error;
    if (!last.empty() && std::filesystem::is_regular_file(last, error))
      sourceDialog_->openFile(QFile::decodeName(last.c_str()));
    connect(sourceDialog_, &CudaSourceDialog::addRequested, this,
            [this](const CudaSourceChoice& choice) {
              if (!addCudaSource(choice))
                sourceDialog_->refused(
                    tr("Not now: a run, a probe or another change of the kernels is under way. "
                       "Try again when it ends."));
            });
  }
  sourceDialog_->show();
  sourceDialog_->raise();
  sourceDialog_->activateWindow();
}

bool EngineChoices::addCudaSource(const CudaSourceChoice& choice) {
  if (!canChange()) return false;
  std::vector<CudaSourceChoice> sources = engines_.cudaSources();
  std::erase_if(sources, [&](const CudaSourceChoice& s) {
    return s.kernel == choice.kernel && s.entry == choice.entry;
  });
  sources.push_back(choice);
  pendingSource_ = choice;
  lastSourceFile_ = choice.file;
  if (sourceDialog_) sourceDialog_->setCompiling(true);
  engines_.remake(engines_.plugins(), std::move(sources));
  emit changing(tr("Compiling %1…").arg(QDir::toNativeSeparators(qs(choice.file.string()))));
  return true;
}

bool EngineChoices::sourceRefused(const QString& why) {
  if (!pendingSource_) return false;
  pendingSource_.reset();
  if (!sourceDialog_) return false;
  sourceDialog_->refused(why);
  return true;
}

std::vector<PluginRow> EngineChoices::pluginRows() const {
  std::vector<PluginRow> rows;
  for (const Kernel* kernel : engines_.forDevice(0).registry().kernels()) {
    const auto& plugin = kernel->info().plugin;
    if (!plugin) continue;
    auto row = std::ranges::find_if(
        rows, [&](const PluginRow& r) { return r.identity.file == plugin->file; });
    if (row == rows.end()) {
      const bool removable =
          std::ranges::find(engines_.plugins(), std::filesystem::path(plugin->file)) !=
          engines_.plugins().end();
      row = rows.insert(rows.end(), PluginRow{*plugin, {}, removable});
    }
    row->kernels << qs(kernel->info().name);
  }
  return rows;
}

void EngineChoices::showPlugins() {
  if (!dialog_) return;
  dialog_->setPlugins(pluginRows(), refused_);
  dialog_->setBusy(!canChange());
}

void EngineChoices::updateDialog() {
  if (dialog_) dialog_->setBusy(!canChange());
}

void EngineChoices::showPluginsDialog() {
  if (!dialog_) {
    dialog_ = new PluginsDialog(&window_);
    connect(dialog_, &PluginsDialog::loadRequested, this, &EngineChoices::loadPluginWithDialog);
    connect(dialog_, &PluginsDialog::removeRequested, this,
            [this](const QString& file) { removePlugin(file); });
  }
  showPlugins();
  dialog_->show();
  dialog_->raise();
  dialog_->activateWindow();
}

void EngineChoices::choosePythonInterpreter(const QString& found) {
  PythonDialog dialog(python_, environmentPython_, found, &window_);
  if (dialog.exec() == QDialog::Accepted && dialog.interpreter() != python_)
    setPythonInterpreter(dialog.interpreter());
}

}  // namespace accellab::gui
