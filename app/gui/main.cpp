// accellab: the desktop window, plus `--export-charts SESSION --out DIR` for scripts.
#include <QAction>
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QPushButton>
#include <QTabWidget>
#include <QThread>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "accellab/kernels/builtin.h"
#include "accellab/plugin_loader.h"
#include "accellab/results_file.h"
#include "charts/chartexport.h"
#include "charts/chartpanel.h"
#include "engines/cudasourcedialog.h"
#include "engines/pluginprobe.h"
#include "experiment/experimentpanel.h"
#include "i18n/translations.h"
#include "mainwindow.h"
#include "session/enginefiles.h"
#include "session/sessiondocument.h"
#include "system/systemview.h"

namespace {

using namespace accellab;
using namespace accellab::gui;

// Before QApplication exists, to pick the platform: "--name VALUE" or "--name=VALUE".
bool hasOption(int argc, char** argv, std::string_view name) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg(argv[i]);
    if (arg == name || (arg.starts_with(name) && arg.substr(name.size()).starts_with('=')))
      return true;
  }
  return false;
}

constexpr std::string_view kHeadlessOptions[] = {"--export-charts", "--help",    "-h",
                                                 "--help-all",      "--version", "-v"};

// A platform that draws without a display server, or a display server to connect to.
// accellab-cli beside this program (both in bin/ once installed), else this build's own; empty
// when neither is there.
std::string cliProgram() {
  for (const QString& candidate :
       {QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("accellab-cli")),
        QStringLiteral(ACCELLAB_BUILD_TREE_CLI)})
    if (QFileInfo(candidate).isExecutable()) return candidate.toStdString();
  return {};
}

// The kernel plugins the window loads (docs/plugins.md): ACCELLAB_PLUGIN_PATH's and the user's
// folder's, each loaded by `cli` in a child process first (pluginprobe.h), then tried here with
// the built-in kernels; one that crashes or hangs the child, cannot be loaded, or takes a name
// already taken, is left out and its reason added to `refused`.
std::vector<std::filesystem::path> loadablePlugins(const std::string& cli, QStringList& refused) {
  std::vector<std::filesystem::path> loadable;
  for (const std::filesystem::path& file : pluginFiles({})) {
    if (auto why = pluginCrashesWhenLoaded(cli, file)) {
      refused << *why;
      continue;
    }
    try {
      EngineOptions options;
      options.plugins = loadable;
      options.plugins.push_back(file);
      kernels::makeBuiltinEngine(options);
      loadable.push_back(file);
    } catch (const PluginError& error) {
      refused << QString::fromStdString(error.what());
    }
  }
  return loadable;
}

// The worker every point is measured in (docs/worker-protocol.md): `cli` given the window's
// plugins; empty without a cli, and the window measures in its own process.
std::vector<std::string> workerCommand(const std::string& cli,
                                       const std::vector<std::filesystem::path>& plugins) {
  if (cli.empty()) return {};
  std::vector<std::string> command{cli, "worker", "--replies-fd", "3"};
  for (const std::filesystem::path& plugin : plugins)
    command.insert(command.end(), {"--plugin", plugin.string()});
  return command;
}

bool canShowWindows() {
  const QByteArray platform = qgetenv("QT_QPA_PLATFORM");
  if (!platform.isEmpty() && !platform.startsWith("xcb") && !platform.startsWith("wayland"))
    return true;
  return !qEnvironmentVariableIsEmpty("DISPLAY") || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY");
}

void printLine(FILE* stream, const QString& text) {
  std::fprintf(stream, "%s\n", text.toLocal8Bit().constData());
}

int exportCharts(const QString& sessionPath, const QString& outDir, const QStringList& runs,
                 bool caption) {
  std::vector<int> runIds;
  for (const QString& run : runs) {
    bool ok = false;
    runIds.push_back(run.toInt(&ok));
    if (!ok) {
      printLine(stderr,
                QStringLiteral("accellab: --run takes a run id (1, 2, ...), not %1").arg(run));
      return 1;
    }
  }
  Session session;
  try {
    session = readResultsFile(toFilePath(sessionPath));
  } catch (const SessionError& error) {
    printLine(stderr, QStringLiteral("accellab: %1").arg(QString::fromLocal8Bit(error.what())));
    return 1;
  }
  QStringList written;
  if (const auto error = exportSessionCharts(session, outDir, written, runIds, caption)) {
    printLine(stderr, QStringLiteral("accellab: %1").arg(*error));
    return 1;
  }
  for (const QString& path : written) printLine(stdout, QDir::toNativeSeparators(path));
  return 0;
}

// --run-demo: a small add sweep then a small pi sweep, for screenshots. Optionally saves the
// window as an image and the session, then quits.
// `systemShot`: the window again, its System tab shown and the results dock made taller so the
// machine's every line shows (the README's System tab screenshot).
void runDemo(MainWindow& window, const QString& screenshot, const QString& systemShot,
             const QString& sessionPath) {
  const int threads = std::max(2, QThread::idealThreadCount());
  window.resize(1500, 940);
  auto step = std::make_shared<int>(0);
  const auto next = [&window, step, threads, screenshot, systemShot, sessionPath] {
    ExperimentPanel& panel = window.experimentPanel();
    switch ((*step)++) {
      case 0:
        panel.setExperiment(QStringLiteral("pi"), QStringLiteral("1e5, 3e6, 3e7"),
                            ExperimentPanel::SweepMode::threadsOneToN, threads, 3, 0.05);
        window.startRun();
        break;
      case 1:
        panel.setExperiment(QStringLiteral("add"),
                            QStringLiteral("16x64x64, 64x128x128, 128x256x256, 256x512x512"),
                            ExperimentPanel::SweepMode::threadsOneToN, threads, 3, 0.05);
        window.startRun();
        break;
      default:
        window.chartPanel().setCurrentChart(1);
        QTimer::singleShot(500, &window, [&window, screenshot, systemShot, sessionPath] {
          int status = 0;
          if (!screenshot.isEmpty() && !window.grab().save(screenshot)) {
            printLine(stderr, QStringLiteral("accellab: cannot write %1").arg(screenshot));
            status = 1;
          }
          if (!systemShot.isEmpty()) {
            QWidget& system = window.systemView();
            for (QWidget* up = system.parentWidget(); up; up = up->parentWidget())
              if (auto* tabs = qobject_cast<QTabWidget*>(up)) {
                tabs->setCurrentIndex(tabs->indexOf(&system));
                break;
              }
            window.resizeDocks({&window.resultsDock()}, {window.height() * 3 / 5}, Qt::Vertical);
            QCoreApplication::processEvents();
            if (!window.grab().save(systemShot)) {
              printLine(stderr, QStringLiteral("accellab: cannot write %1").arg(systemShot));
              status = 1;
            }
          }
          if (!sessionPath.isEmpty() && !window.saveSession(sessionPath)) status = 1;
          if (!screenshot.isEmpty() || !systemShot.isEmpty() || !sessionPath.isEmpty())
            QCoreApplication::exit(status);
        });
    }
  };
  QObject::connect(&window, &MainWindow::systemReady, &window, next);
  QObject::connect(&window, &MainWindow::runFinished, &window, next);
}

// --source-demo FILE.cu --screenshot PNG: File > GPU Kernel from Source… with FILE opened,
// compiled and added; the dialog saved as an image once NVRTC answered (the README's
// screenshot of the editor), then quits.
void sourceDemo(MainWindow& window, const QString& source, const QString& screenshot) {
  window.resize(1500, 940);
  QObject::connect(&window, &MainWindow::systemReady, &window, [&window, source, screenshot] {
    window.findChild<QAction*>(QStringLiteral("cudaSourceAction"))->trigger();
    auto* dialog = window.findChild<CudaSourceDialog*>();
    if (!dialog->openFile(source)) QCoreApplication::exit(1);
    auto* add = dialog->findChild<QPushButton*>(QStringLiteral("sourceAdd"));
    add->click();
    auto* poll = new QTimer(&window);
    QObject::connect(poll, &QTimer::timeout, &window, [dialog, add, poll, screenshot] {
      if (!add->isEnabled()) return;  // NVRTC at work
      poll->stop();
      const bool saved = dialog->grab().save(screenshot);
      if (!saved) printLine(stderr, QStringLiteral("accellab: cannot write %1").arg(screenshot));
      QCoreApplication::exit(saved ? 0 : 1);
    });
    poll->start(100);
  });
}

// SESSION --screenshot PNG: the window with SESSION open, saved as an image once the machine is
// probed (the README's screenshots of a saved run), then quits.
void sessionShot(MainWindow& window, const QString& session, const QString& screenshot) {
  window.resize(1500, 940);
  window.openSession(session);
  QObject::connect(&window, &MainWindow::systemReady, &window, [&window, screenshot] {
    QTimer::singleShot(500, &window, [&window, screenshot] {
      const bool saved = window.grab().save(screenshot);
      if (!saved) printLine(stderr, QStringLiteral("accellab: cannot write %1").arg(screenshot));
      QCoreApplication::exit(saved ? 0 : 1);
    });
  });
}

}  // namespace

int main(int argc, char** argv) {
  // These print or write files and exit: they need no display.
  const bool headless =
      std::any_of(std::begin(kHeadlessOptions), std::end(kHeadlessOptions),
                  [&](std::string_view option) { return hasOption(argc, argv, option); });
  if (headless && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
    qputenv("QT_QPA_PLATFORM", "offscreen");
  if (!headless && !canShowWindows()) {
    std::fprintf(stderr,
                 "accellab: needs a display (DISPLAY or WAYLAND_DISPLAY is not set); use "
                 "accellab-cli, or QT_QPA_PLATFORM=offscreen accellab --export-charts\n");
    return 2;
  }
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("AccelLab"));
  QApplication::setApplicationName(QStringLiteral("accellab"));
  QApplication::setApplicationDisplayName(QStringLiteral("AccelLab"));
  QApplication::setApplicationVersion(QStringLiteral(ACCELLAB_VERSION));
  QApplication::setDesktopFileName(QStringLiteral("io.github.accellab.AccelLab"));
  // The user interface's language (--lang, else the setting, else the system's), installed
  // before any text is made: the command line's help is translated too.
  installTranslations(app, requestedLanguage(QApplication::arguments()));

  QCommandLineParser parser;
  parser.setApplicationDescription(QApplication::translate(
      "main", "Profile compute kernels in their variants and chart the speedups."));
  parser.addHelpOption();
  const QCommandLineOption langOption(
      QStringLiteral("lang"),
      QApplication::translate("main", "The user interface's language: system (the default), %1.")
          .arg(availableLanguages().join(QStringLiteral(", "))),
      QStringLiteral("LANG"));
  parser.addOption(langOption);
  parser.addVersionOption();
  const QCommandLineOption exportOption(
      QStringLiteral("export-charts"),
      QApplication::translate(
          "main",
          "Render every chart of SESSION to PNG and exit: each kernel's latest run, or "
          "the runs given with --run."),
      QStringLiteral("SESSION"));
  const QCommandLineOption runOption(
      QStringLiteral("run"),
      QApplication::translate("main",
                              "With --export-charts: a run to chart, by id; repeat it to "
                              "overlay several runs."),
      QStringLiteral("ID"));
  const QCommandLineOption outOption(QStringLiteral("out"),
                                     QApplication::translate("main", "Folder for --export-charts."),
                                     QStringLiteral("DIR"), QStringLiteral("."));
  const QCommandLineOption captionOption(
      QStringLiteral("caption"),
      QApplication::translate("main",
                              "With --export-charts: a line under each chart naming the "
                              "machine, the date and the runs."));
  QCommandLineOption demoOption(QStringLiteral("run-demo"));
  QCommandLineOption screenshotOption(QStringLiteral("screenshot"), {}, QStringLiteral("FILE"));
  QCommandLineOption systemShotOption(QStringLiteral("screenshot-system"), {},
                                      QStringLiteral("FILE"));
  QCommandLineOption saveOption(QStringLiteral("save-session"), {}, QStringLiteral("FILE"));
  QCommandLineOption sourceDemoOption(QStringLiteral("source-demo"), {}, QStringLiteral("FILE"));
  for (QCommandLineOption* hidden :
       {&demoOption, &screenshotOption, &systemShotOption, &saveOption, &sourceDemoOption})
    hidden->setFlags(QCommandLineOption::HiddenFromHelp);
  parser.addOptions({exportOption, outOption, runOption, captionOption, demoOption,
                     screenshotOption, systemShotOption, saveOption, sourceDemoOption});
  parser.addPositionalArgument(QStringLiteral("session"),
                               QApplication::translate("main", "A session file to open."),
                               QStringLiteral("[session]"));
  parser.process(app);

  if (parser.isSet(exportOption))
    return exportCharts(parser.value(exportOption), parser.value(outOption),
                        parser.values(runOption), parser.isSet(captionOption));

  const bool demo =
      parser.isSet(demoOption) || parser.isSet(sourceDemoOption) || parser.isSet(screenshotOption);
  QStringList refusedPlugins;
  const std::string cli = cliProgram();
  const std::vector<std::filesystem::path> plugins = loadablePlugins(cli, refusedPlugins);
  MainWindow window(
      // The plugins found here first, then the window's own (File > Load Kernel Plugin…).
      [plugins](EngineOptions options) {
        options.plugins.insert(options.plugins.begin(), plugins.begin(), plugins.end());
        return kernels::makeBuiltinEngine(options);
      },
      MainWindowOptions{.useSettings = !demo,
                        .autosavePath = demo ? QString() : SessionDocument::defaultAutosavePath(),
                        .workerCommand = workerCommand(cli, plugins),
                        .refusedPlugins = refusedPlugins});
  window.show();
  for (const QString& refused : refusedPlugins) printLine(stderr, refused);
  if (parser.isSet(sourceDemoOption)) {
    sourceDemo(window, parser.value(sourceDemoOption), parser.value(screenshotOption));
  } else if (parser.isSet(demoOption)) {
    runDemo(window, parser.value(screenshotOption), parser.value(systemShotOption),
            parser.value(saveOption));
  } else if (!parser.positionalArguments().isEmpty() && parser.isSet(screenshotOption)) {
    sessionShot(window, parser.positionalArguments().front(), parser.value(screenshotOption));
  } else if (!parser.positionalArguments().isEmpty()) {
    window.openSession(parser.positionalArguments().front());
  } else {
    QTimer::singleShot(0, &window, [&window] { window.offerRecovery(); });
  }
  return app.exec();
}
