// The File menu's commands on the window's session: new, open (and Open Recent, a file
// dropped on the window, an autosave recovered), save, save as, compare with another file,
// and the exports of charts and results. Each has a form without its dialog, which tests
// call; the messages go to the status bar, the errors to the prompts.
#pragma once

#include <QObject>
#include <QSize>
#include <QString>
#include <QStringList>
#include <functional>

#include "accellab/report.h"

class QMenu;
class QStatusBar;
class QWidget;

namespace accellab::gui {

class ChartPanel;
class ComparePanel;
class RunFilterModel;
class LastFolder;
class Prompts;
class ResultsLoader;
class SessionDocument;

struct SessionCommandsParts {
  QWidget& window;  // the dialogs' parent
  SessionDocument& document;
  Prompts& prompts;
  ChartPanel& charts;
  ComparePanel& compare;
  QStatusBar& status;
  LastFolder& folder;
  const RunFilterModel& table;  // the runs and kernel the Results table shows
};

class SessionCommands : public QObject {
  Q_OBJECT

 public:
  // `busy` says whether a run goes, when no file may replace the session; with `useSettings`
  // the recent files are kept in the settings.
  SessionCommands(SessionCommandsParts parts, bool useSettings, std::function<bool()> busy);

  // Asks about unsaved changes first; each false when the user cancelled.
  void newSession();
  // Starts reading `path` off the GUI thread; the document's opened or openFailed follows.
  void openSession(const QString& path);
  void openWithDialog();
  // Asks about unsaved changes, then opens `path`.
  void openAfterAsking(const QString& path);
  bool saveSession(const QString& path);
  bool save();
  bool saveAs();
  bool maybeSave();
  // Reads another session off the GUI thread and compares it in the compare panel; compared
  // follows, or the error is shown.
  void compareWith(const QString& path);
  void compareWithDialog();
  void offerRecovery();

  bool exportChartPng(int chart, const QString& path, QSize pixelSize);
  bool exportChartSvg(int chart, const QString& path, QSize logicalSize);
  bool exportAllCharts(const QString& dir);
  bool exportResults(const QString& path, ReportFormat format);
  void exportPngWithDialog();
  void exportSvgWithDialog();
  void exportAllChartsWithDialog();
  void exportResultsWithDialog(ReportFormat format);

  // File ▸ Open Recent, filled from the settings and kept up to date.
  void setRecentMenu(QMenu* menu);
  void updateRecentMenu();
  // A file was opened or saved: first in Open Recent.
  void addRecentFile(const QString& path);

 signals:
  // A file began or ended loading: what the actions allow changed.
  void stateChanged();
  void compared();

 private:
  void connectDocument();
  void showMessage(const QString& message, int timeoutMs = 0);

  SessionCommandsParts parts_;
  bool useSettings_;
  std::function<bool()> busy_;
  ResultsLoader* compareLoader_;
  QMenu* recentMenu_ = nullptr;
  QStringList recentFiles_;
};

}  // namespace accellab::gui
