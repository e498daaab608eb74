#include "windowactions.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDialog>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QToolBar>

#include "accellab/kernels/builtin.h"
#include "charts/chartpanel.h"
#include "engines/enginechoices.h"
#include "engines/engineset.h"
#include "help/aboutdialog.h"
#include "help/shortcutsdialog.h"
#include "help/userguidedialog.h"
#include "i18n/languagemenu.h"
#include "mainwindow.h"
#include "run/runcontroller.h"
#include "session/sessioncommands.h"
#include "theme/theme.h"

namespace accellab::gui {

namespace {

const QString kThemeKey = QStringLiteral("view/theme");

// The platform's keys for `key`, else `fallback`: some desktops have no Save As key.
QList<QKeySequence> standardKeys(QKeySequence::StandardKey key, const QKeySequence& fallback) {
  const QList<QKeySequence> keys = QKeySequence::keyBindings(key);
  return keys.isEmpty() ? QList<QKeySequence>{fallback} : keys;
}

void raiseDialog(QDialog& dialog) {
  dialog.show();
  dialog.raise();
  dialog.activateWindow();
}

// A named action of the window, doing `slot`.
template <typename Slot>
QAction* makeAction(QMainWindow& window, const char* name, const QString& text, Slot slot,
                    const QString& icon = {}, const QKeySequence& keys = {}) {
  auto* a = new QAction(text, &window);
  a->setObjectName(QLatin1String(name));
  if (!icon.isEmpty()) a->setIcon(QIcon(QStringLiteral(":/icons/%1.svg").arg(icon)));
  if (!keys.isEmpty()) a->setShortcut(keys);
  QObject::connect(a, &QAction::triggered, &window, slot);
  window.addAction(a);
  return a;
}

}  // namespace

WindowActions::WindowActions(MainWindow& window, SessionCommands& session, EngineChoices& choices,
                             EngineSet& engines, const RunController& run, bool useSettings)
    : QObject(&window),
      window_(window),
      session_(session),
      choices_(choices),
      engines_(engines),
      run_(run),
      useSettings_(useSettings) {
  createFileActions();
  createRunActions();
  createViewActions();
  createHelpActions();
}

void WindowActions::createFileActions() {
  SessionCommands* s = &session_;
  EngineChoices* c = &choices_;
  newSession = makeAction(
      window_, "newAction", tr("&New"), [s] { s->newSession(); }, QStringLiteral("new"),
      QKeySequence::New);
  open = makeAction(
      window_, "openAction", tr("&Open\u2026"), [s] { s->openWithDialog(); },
      QStringLiteral("open"), QKeySequence::Open);
  compare = makeAction(window_, "compareAction", tr("Compare &With\u2026"),
                       [s] { s->compareWithDialog(); });
  compare->setToolTip(
      tr("Open another session beside this one and compare its runs with this session's"));
  save = makeAction(
      window_, "saveAction", tr("&Save"), [s] { s->save(); }, QStringLiteral("save"),
      QKeySequence::Save);
  saveAs = makeAction(window_, "saveAsAction", tr("Save &As\u2026"), [s] { s->saveAs(); });
  saveAs->setShortcuts(standardKeys(QKeySequence::SaveAs, QKeySequence(tr("Ctrl+Shift+S"))));
  exportPng = makeAction(
      window_, "exportPngAction", tr("Export Chart as &PNG\u2026"),
      [s] { s->exportPngWithDialog(); }, QStringLiteral("export"));
  exportSvg = makeAction(window_, "exportSvgAction", tr("Export Chart as S&VG\u2026"),
                         [s] { s->exportSvgWithDialog(); });
  exportAllCharts = makeAction(
      window_, "exportAllChartsAction", tr("Export &All Charts\u2026"),
      [s] { s->exportAllChartsWithDialog(); }, {}, QKeySequence(tr("Ctrl+Shift+E")));
  exportAllCharts->setToolTip(
      tr("Write every chart of the kernel shown to a folder, as PNG and SVG (Ctrl+Shift+E)"));
  exportCsv = makeAction(window_, "exportCsvAction", tr("Export Results as &CSV\u2026"),
                         [s] { s->exportResultsWithDialog(ReportFormat::csv); });
  exportMarkdown =
      makeAction(window_, "exportMarkdownAction", tr("Export Results as &Markdown\u2026"),
                 [s] { s->exportResultsWithDialog(ReportFormat::markdown); });
  loadPlugin = makeAction(window_, "loadPluginAction", tr("Load Kernel &Plugin\u2026"),
                          [c] { c->loadPluginWithDialog(); });
  loadPlugin->setToolTip(
      tr("Load your own kernels from a plugin built against AccelLab's SDK (docs/plugins.md); "
         "it is loaded again at the next start"));
  openPython = makeAction(window_, "openPythonAction", tr("Open P&ython Benchmarks\u2026"),
                          [c] { c->openPythonWithDialog(); });
  openPython->setToolTip(
      tr("Measure your own Python: an asv-style benchmark file (docs/python.md), its benchmarks "
         "as kernels; it is opened again at the next start"));
  cudaSource = makeAction(window_, "cudaSourceAction", tr("GPU &Kernel from Source\u2026"),
                          [c] { c->showCudaSourceDialog(); });
  cudaSource->setToolTip(
      tr("Write or open a CUDA kernel of your own for add or triad: NVRTC compiles it and it "
         "runs beside the gpu variant (docs/cuda-source.md)"));
  plugins =
      makeAction(window_, "pluginsAction", tr("Plu&gins\u2026"), [c] { c->showPluginsDialog(); });
  plugins->setToolTip(tr("The kernel plugins loaded, and those that could not be"));
  MainWindow* w = &window_;
  quit = makeAction(window_, "quitAction", tr("&Quit"), [w] { w->close(); });
  quit->setShortcuts(standardKeys(QKeySequence::Quit, QKeySequence(tr("Ctrl+Q"))));
  quit->setMenuRole(QAction::QuitRole);
}

void WindowActions::createRunActions() {
  MainWindow* w = &window_;
  run = makeAction(
      window_, "runAction", tr("&Run"), [w] { w->startRun(); }, QStringLiteral("run"));
  run->setShortcuts({QKeySequence(Qt::Key_F5), QKeySequence(tr("Ctrl+R"))});
  cancel = makeAction(
      window_, "cancelAction", tr("&Cancel"), [w] { w->cancelRun(); }, QStringLiteral("cancel"),
      QKeySequence(Qt::Key_Escape));
  // Enabled only while a run goes, so Esc belongs to dialogs and editors the rest of the time;
  // a dialog is a window of its own, where this window's shortcut does not apply.
  cancel->setToolTip(tr("Stop the run; points already measured are kept (Esc)"));
  rerun = makeAction(
      window_, "rerunAction", tr("Re-run &Unstable Points"), [w] { w->rerunUnstable(); },
      QStringLiteral("rerun"), QKeySequence(tr("Ctrl+Shift+R")));
  rerun->setToolTip(
      tr("Measure the unstable points of the selected run (or the latest) again and keep the "
         "steadiest measurement of each"));
  runAgain = makeAction(window_, "runAgainAction", tr("Run &Again with These Settings"),
                        [w] { w->runAgain(); });
  runAgain->setToolTip(
      tr("Fill the Experiment panel with the selected run's (or the latest run's) settings and "
         "measure them again as a new run"));
  runFile = makeAction(window_, "runFileAction", tr("Run Every &Kernel of the File"),
                       [w] { w->runFile(); });
  runFile->setToolTip(
      tr("Measure every kernel of the file the selected kernel comes from, a run each: the "
         "selected one as the panel has it, the others with their own parameters"));
  removeRun =
      makeAction(window_, "removeRunAction", tr("&Delete Run"), [w] { w->removeSelectedRun(); });
  removeRun->setToolTip(tr("Delete the selected run and its measurements"));
  remeasure = makeAction(window_, "remeasureAction", tr("Re-&measure Machine"),
                         [w] { w->remeasureMachine(); });
  remeasure->setToolTip(
      tr("Measure the machine's memory bandwidth again (a few seconds) instead of using the "
         "measurement kept from an earlier start"));
  python = makeAction(window_, "pythonAction", tr("&Python Interpreter\u2026"), [this] {
    choices_.choosePythonInterpreter(QString::fromStdString(run_.machine().python));
  });
  python->setToolTip(
      tr("Choose the python3 that runs the Python variants (python-loop, numpy, numba)"));
  copy = makeAction(
      window_, "copyAction", tr("&Copy"), [w] { w->copySelection(); }, {}, QKeySequence::Copy);
  copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
  window_.removeAction(copy);
}

void WindowActions::createViewActions() {
  MainWindow* w = &window_;
  resetLayout_ =
      makeAction(window_, "resetLayoutAction", tr("&Reset Layout"), [w] { w->resetLayout(); });
  resetLayout_->setToolTip(tr("Show every panel where it was at first"));
  // From anywhere in the window, as in Qt Creator: the tab widget's own Ctrl+Tab works only
  // while the focus is inside it.
  const auto chartStep = [w](int step) {
    return [w, step] {
      ChartPanel& charts = w->chartPanel();
      const int count = charts.chartCount();
      if (count > 0) charts.setCurrentChart((charts.currentChart() + step + count) % count);
    };
  };
  nextChart_ = makeAction(window_, "nextChartAction", tr("&Next Chart"), chartStep(1));
  nextChart_->setShortcuts(
      {QKeySequence(Qt::CTRL | Qt::Key_Tab), QKeySequence(Qt::CTRL | Qt::Key_PageDown)});
  previousChart_ = makeAction(window_, "previousChartAction", tr("&Previous Chart"), chartStep(-1));
  previousChart_->setShortcuts(
      {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Tab), QKeySequence(Qt::CTRL | Qt::Key_PageUp)});
  for (QAction* step : {nextChart_, previousChart_}) step->setShortcutContext(Qt::WindowShortcut);
  themes_ = new QActionGroup(this);
  themes_->setExclusive(true);
  const struct {
    Theme theme;
    const char* name;
    QString text;
  } themes[] = {{Theme::followSystem, "themeSystemAction", tr("Follow &System")},
                {Theme::light, "themeLightAction", tr("&Light")},
                {Theme::dark, "themeDarkAction", tr("&Dark")}};
  for (const auto& [theme, name, text] : themes) {
    QAction* a = themes_->addAction(text);
    a->setObjectName(QLatin1String(name));
    a->setCheckable(true);
    a->setData(static_cast<int>(theme));
    a->setChecked(theme == Theme::followSystem);
    connect(a, &QAction::triggered, this, [this, theme = theme] { setTheme(theme); });
  }
  if (!useSettings_) return;
  if (const auto theme = themeFromKey(QSettings().value(kThemeKey).toString());
      theme && *theme != Theme::followSystem)
    setTheme(*theme);
}

void WindowActions::createHelpActions() {
  guide_ =
      makeAction(window_, "guideAction", tr("AccelLab &User Guide"), [this] { showUserGuide(); });
  guide_->setShortcuts(standardKeys(QKeySequence::HelpContents, QKeySequence(Qt::Key_F1)));
  shortcuts_ = makeAction(window_, "shortcutsAction", tr("&Keyboard Shortcuts"),
                          [this] { showShortcuts(); });
  about_ = makeAction(window_, "aboutAction", tr("&About AccelLab"), [this] { showAbout(); });
  about_->setMenuRole(QAction::AboutRole);
  aboutQt_ = makeAction(window_, "aboutQtAction", tr("About &Qt"), [] { QApplication::aboutQt(); });
  aboutQt_->setMenuRole(QAction::AboutQtRole);
}

void WindowActions::addMenus(QDockWidget& experimentDock, QDockWidget& resultsDock) {
  QMenuBar* bar = window_.menuBar();
  QMenu* file = bar->addMenu(tr("&File"));
  file->addActions({newSession, open});
  recentMenu = file->addMenu(tr("Open &Recent"));
  session_.setRecentMenu(recentMenu);
  file->addAction(compare);
  file->addSeparator();
  file->addActions({loadPlugin, openPython, cudaSource, plugins});
  file->addSeparator();
  file->addActions({save, saveAs});
  file->addSeparator();
  file->addActions({exportPng, exportSvg, exportAllCharts, exportCsv, exportMarkdown});
  file->addSeparator();
  file->addAction(quit);
  QMenu* runMenu = bar->addMenu(tr("&Run"));
  runMenu->addActions({run, runFile, cancel});
  runMenu->addSeparator();
  runMenu->addActions({runAgain, rerun, removeRun});
  runMenu->addSeparator();
  runMenu->addActions({remeasure, python});
  QMenu* edit = bar->addMenu(tr("&Edit"));
  edit->addAction(copy);

  QToolBar* tools = window_.addToolBar(tr("Main"));
  tools->setObjectName(QStringLiteral("mainToolBar"));
  tools->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  tools->addActions({open, save, exportPng});
  tools->addSeparator();
  tools->addActions({run, cancel});

  QMenu* view = bar->addMenu(tr("&View"));
  view->addActions({experimentDock.toggleViewAction(), resultsDock.toggleViewAction(),
                    tools->toggleViewAction()});
  view->addSeparator();
  view->addActions({nextChart_, previousChart_});
  view->addSeparator();
  view->addAction(resetLayout_);
  view->addSeparator();
  QMenu* theme = view->addMenu(tr("&Theme"));
  theme->addActions(themes_->actions());
  view->addMenu(makeLanguageMenu(view));
  QMenu* help = bar->addMenu(tr("&Help"));
  help->addActions({guide_, shortcuts_});
  help->addSeparator();
  help->addActions({about_, aboutQt_});
}

void WindowActions::setTheme(Theme theme) {
  applyTheme(theme);
  for (QAction* a : themes_->actions())
    if (a->data().toInt() == static_cast<int>(theme)) a->setChecked(true);
  if (useSettings_) QSettings().setValue(kThemeKey, themeKey(theme));
}

void WindowActions::forgetUserGuide() { delete guideDialog_; }

void WindowActions::showUserGuide() {
  if (!guideDialog_) guideDialog_ = new UserGuideDialog(engines_.forDevice(0).registry(), &window_);
  raiseDialog(*guideDialog_);
}

void WindowActions::showShortcuts() {
  if (!shortcutsDialog_) {
    shortcutsDialog_ = new ShortcutsDialog(window_);
    shortcutsDialog_->setAttribute(Qt::WA_DeleteOnClose);
  }
  raiseDialog(*shortcutsDialog_);
}

void WindowActions::showAbout() {
  // Made anew each time: the machine probe may have finished since.
  delete aboutDialog_;
  aboutDialog_ = new AboutDialog(
      aboutFacts(run_.hasProbed() ? &run_.machine() : nullptr, kernels::libraryVersions()),
      &window_);
  aboutDialog_->setAttribute(Qt::WA_DeleteOnClose);
  raiseDialog(*aboutDialog_);
}

}  // namespace accellab::gui
