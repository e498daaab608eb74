// The main window's actions, its menus and tool bar, and the dialogs the Help menu opens.
// Each action is named (objectName) for tests and accessibility tools, and calls a command of
// the window, its session commands or its engine choices; the window enables them.
#pragma once

#include <QObject>
#include <QPointer>

class QAction;
class QActionGroup;
class QDialog;
class QDockWidget;
class QMenu;

namespace accellab::gui {

class EngineChoices;
class EngineSet;
class MainWindow;
class RunController;
class SessionCommands;
enum class Theme;

class WindowActions : public QObject {
  Q_OBJECT

 public:
  // With `useSettings` the theme chosen is kept in the settings.
  WindowActions(MainWindow& window, SessionCommands& session, EngineChoices& choices,
                EngineSet& engines, const RunController& run, bool useSettings);

  // The menu bar, the tool bar, and View's entries for the docks.
  void addMenus(QDockWidget& experimentDock, QDockWidget& resultsDock);
  // View ▸ Theme: applied, checked, and kept.
  void setTheme(Theme theme);
  // The guide lists the variants of the engine it was made with: made again when next shown.
  void forgetUserGuide();

  QAction* newSession = nullptr;
  QAction* open = nullptr;
  QAction* compare = nullptr;
  QAction* save = nullptr;
  QAction* saveAs = nullptr;
  QAction* exportPng = nullptr;
  QAction* exportSvg = nullptr;
  QAction* exportAllCharts = nullptr;
  QAction* exportCsv = nullptr;
  QAction* exportMarkdown = nullptr;
  QAction* quit = nullptr;
  QAction* run = nullptr;
  QAction* cancel = nullptr;
  QAction* rerun = nullptr;
  QAction* runAgain = nullptr;
  QAction* runFile = nullptr;
  QAction* removeRun = nullptr;
  QAction* remeasure = nullptr;
  QAction* python = nullptr;
  QAction* loadPlugin = nullptr;
  QAction* openPython = nullptr;
  QAction* cudaSource = nullptr;
  QAction* plugins = nullptr;
  QAction* copy = nullptr;  // the results table's, not the window's
  QMenu* recentMenu = nullptr;

 private:
  void createFileActions();
  void createRunActions();
  void createViewActions();
  void createHelpActions();
  void showUserGuide();
  void showShortcuts();
  void showAbout();

  MainWindow& window_;
  SessionCommands& session_;
  EngineChoices& choices_;
  EngineSet& engines_;
  const RunController& run_;
  bool useSettings_;
  QAction* resetLayout_ = nullptr;
  QAction* nextChart_ = nullptr;
  QAction* previousChart_ = nullptr;
  QActionGroup* themes_ = nullptr;
  QAction* guide_ = nullptr;
  QAction* shortcuts_ = nullptr;
  QAction* about_ = nullptr;
  QAction* aboutQt_ = nullptr;
  QPointer<QDialog> guideDialog_;
  QPointer<QDialog> shortcutsDialog_;
  QPointer<QDialog> aboutDialog_;
};

}  // namespace accellab::gui
