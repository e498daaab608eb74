#include "sessioncommands.h"

#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>
#include <QStatusBar>
#include <algorithm>
#include <sstream>

#include "charts/chartpanel.h"
#include "compare/comparepanel.h"
#include "models/runfiltermodel.h"
#include "prompts.h"
#include "session/enginefiles.h"
#include "session/lastfolder.h"
#include "session/resultsloader.h"
#include "session/sessiondocument.h"

namespace accellab::gui {

namespace {

constexpr int kMaxRecentFiles = 8;
const QString kRecentKey = QStringLiteral("recentFiles");

QString sessionFilter() {
  return QObject::tr("AccelLab sessions and Google Benchmark JSON (*.json);;All files (*)");
}

QString native(const QString& path) { return QDir::toNativeSeparators(path); }

// The name Save As offers a new session: its latest run's kernel and day, in the registered
// file type (packaging/io.github.accellab.AccelLab.xml): "add-2026-12-02.accellab.json".
QString suggestedSessionName(const Session& session) {
  const Run* latest = session.runs.empty() ? nullptr : &session.runs.back();
  QString stem = QStringLiteral("session");
  if (latest && !latest->points.empty())
    stem = QString::fromStdString(latest->points.front().point.kernel) + QLatin1Char('-') +
           QString::fromStdString(
               latest->created.substr(0, std::min<std::size_t>(10, latest->created.size())));
  return stem + QStringLiteral(".accellab.json");
}

}  // namespace

SessionCommands::SessionCommands(SessionCommandsParts parts, bool useSettings,
                                 std::function<bool()> busy)
    : QObject(&parts.window),
      parts_(parts),
      useSettings_(useSettings),
      busy_(std::move(busy)),
      compareLoader_(new ResultsLoader(this)) {
  if (useSettings_) recentFiles_ = QSettings().value(kRecentKey).toStringList();
  connectDocument();
}

void SessionCommands::showMessage(const QString& message, int timeoutMs) {
  parts_.status.showMessage(message, timeoutMs);
}

void SessionCommands::connectDocument() {
  SessionDocument* document = &parts_.document;
  connect(document, &SessionDocument::opened, this, [this](const QString& path) {
    // Also when it was imported and the document is untitled.
    addRecentFile(QFileInfo(path).absoluteFilePath());
    showMessage(tr("Opened %1").arg(native(path)), 4000);
    emit stateChanged();
  });
  connect(document, &SessionDocument::openFailed, this,
          [this](const QString&, const QString& message) {
            parts_.status.clearMessage();
            emit stateChanged();
            parts_.prompts.error(&parts_.window, tr("Cannot open session"), message);
          });
  connect(document, &SessionDocument::recovered, this, [this] {
    showMessage(tr("Recovered the autosaved session"), 4000);
    emit stateChanged();
  });
  connect(document, &SessionDocument::recoverFailed, this, [this](const QString& message) {
    parts_.status.clearMessage();
    emit stateChanged();
    parts_.prompts.error(&parts_.window, tr("Cannot recover"), message);
  });
  // A run goes on when its autosave fails: its points stay in the window, to be saved.
  connect(document, &SessionDocument::autosaveFailed, this, [this](const QString& message) {
    showMessage(
        tr("Autosave failed, trying again after the next change; the results are kept in the "
           "window: %1")
            .arg(message));
  });
  connect(document, &SessionDocument::autosaveResumed, this,
          [this] { showMessage(tr("Autosave works again"), 4000); });
}

void SessionCommands::newSession() {
  if (maybeSave()) parts_.document.reset();
}

void SessionCommands::openSession(const QString& path) {
  if (busy_()) return;
  showMessage(tr("Opening %1\u2026").arg(native(path)));
  parts_.document.open(path);
  emit stateChanged();
}

void SessionCommands::openAfterAsking(const QString& path) {
  if (maybeSave()) openSession(path);
}

void SessionCommands::openWithDialog() {
  if (!maybeSave()) return;
  const QString path = parts_.prompts.openFileName(&parts_.window, tr("Open Session"),
                                                   parts_.folder.path(), sessionFilter());
  if (path.isEmpty()) return;
  parts_.folder.rememberFileOf(path);
  openSession(path);
}

void SessionCommands::compareWith(const QString& path) {
  showMessage(tr("Opening %1\u2026").arg(native(path)));
  compareLoader_->load(
      path,
      [this, path](ResultsFile other) {
        parts_.status.clearMessage();
        parts_.compare.setOtherSession(std::move(other.session), QFileInfo(path).fileName());
        emit compared();
      },
      [this](const QString& message) {
        parts_.status.clearMessage();
        parts_.prompts.error(&parts_.window, tr("Cannot compare"), message);
      });
}

void SessionCommands::compareWithDialog() {
  const QString path = parts_.prompts.openFileName(&parts_.window, tr("Compare With"),
                                                   parts_.folder.path(), sessionFilter());
  if (path.isEmpty()) return;
  parts_.folder.rememberFileOf(path);
  compareWith(path);
}

bool SessionCommands::saveSession(const QString& path) {
  if (const auto error = parts_.document.saveAs(path)) {
    parts_.prompts.error(&parts_.window, tr("Cannot save session"), *error);
    return false;
  }
  addRecentFile(parts_.document.path());
  showMessage(tr("Saved %1").arg(native(parts_.document.path())), 4000);
  return true;
}

bool SessionCommands::save() {
  return parts_.document.path().isEmpty() ? saveAs() : saveSession(parts_.document.path());
}

bool SessionCommands::saveAs() {
  const QString suggested =
      parts_.document.path().isEmpty()
          ? parts_.folder.with(suggestedSessionName(parts_.document.session()))
          : parts_.document.path();
  const QString path =
      parts_.prompts.saveFileName(&parts_.window, tr("Save Session"), suggested, sessionFilter());
  if (path.isEmpty()) return false;
  parts_.folder.rememberFileOf(path);
  return saveSession(path);
}

bool SessionCommands::maybeSave() {
  if (!parts_.document.isModified()) return true;
  switch (parts_.prompts.askSaveChanges(&parts_.window, parts_.document.displayName())) {
    case Prompts::SaveChoice::save:
      return save();
    case Prompts::SaveChoice::discard:
      return true;
    case Prompts::SaveChoice::cancel:
      break;
  }
  return false;
}

void SessionCommands::offerRecovery() {
  const QString path = parts_.document.autosavePath();
  if (path.isEmpty() || !QFileInfo::exists(path)) return;
  if (parts_.prompts.askRecover(&parts_.window, path)) {
    showMessage(tr("Opening %1\u2026").arg(native(path)));
    parts_.document.recover(path);
    emit stateChanged();
  } else {
    parts_.document.discardAutosave();
  }
}

bool SessionCommands::exportChartPng(int chart, const QString& path, QSize pixelSize) {
  constexpr qreal kScale = 2;  // sharp text and lines: laid out at half the pixel size
  ChartPanel& charts = parts_.charts;
  if (const auto error =
          charts.exportPng(chart, path, pixelSize / kScale, kScale, charts.exportCaption())) {
    parts_.prompts.error(&parts_.window, tr("Cannot export chart"), *error);
    return false;
  }
  showMessage(tr("Exported %1").arg(native(path)), 8000);
  return true;
}

bool SessionCommands::exportChartSvg(int chart, const QString& path, QSize logicalSize) {
  ChartPanel& charts = parts_.charts;
  if (const auto error = charts.exportSvg(chart, path, logicalSize, charts.exportCaption())) {
    parts_.prompts.error(&parts_.window, tr("Cannot export chart"), *error);
    return false;
  }
  showMessage(tr("Exported %1").arg(native(path)), 8000);
  return true;
}

bool SessionCommands::exportAllCharts(const QString& dir) {
  QStringList written;
  if (const auto error = parts_.charts.exportAllCharts(dir, written)) {
    parts_.prompts.error(&parts_.window, tr("Cannot export charts"), *error);
    return false;
  }
  showMessage(
      tr("Exported %n file(s) to %1", nullptr, static_cast<int>(written.size())).arg(native(dir)),
      8000);
  return true;
}

bool SessionCommands::exportResults(const QString& path, ReportFormat format) {
  // What the table shows: its runs and kernel, not every run of the session.
  const std::vector<Run> shown = parts_.table.shownOf(parts_.document.session().runs);
  std::ostringstream out;
  writeReport(format, out, shown, parts_.charts.reportOptions());
  if (const auto error = writeFile(path, out.str())) {
    parts_.prompts.error(&parts_.window, tr("Cannot export results"), *error);
    return false;
  }
  std::size_t points = 0;
  QStringList ids;
  for (const Run& run : shown) {
    points += run.points.size();
    ids << QString::number(run.id);
  }
  showMessage(
      tr("Exported the table to %1 (rows: %2; run %3%4)")
          .arg(native(path), QString::number(points), ids.join(QStringLiteral(", ")),
               parts_.table.kernel().isEmpty() ? QString()
                                               : QStringLiteral(", ") + parts_.table.kernel()),
      6000);
  return true;
}

void SessionCommands::exportPngWithDialog() {
  ChartPanel& charts = parts_.charts;
  const int chart = charts.currentChart();
  const QString path = parts_.prompts.saveFileName(
      &parts_.window, tr("Export Chart as PNG"),
      parts_.folder.with(charts.exportName(chart) + QStringLiteral(".png")),
      tr("PNG images (*.png)"));
  if (path.isEmpty()) return;
  parts_.folder.rememberFileOf(path);
  if (const auto size = parts_.prompts.imageSize(&parts_.window, charts.chartSize(chart) * 2))
    exportChartPng(chart, path, *size);
}

void SessionCommands::exportSvgWithDialog() {
  ChartPanel& charts = parts_.charts;
  const int chart = charts.currentChart();
  const QString path = parts_.prompts.saveFileName(
      &parts_.window, tr("Export Chart as SVG"),
      parts_.folder.with(charts.exportName(chart) + QStringLiteral(".svg")),
      tr("SVG drawings (*.svg)"));
  if (path.isEmpty()) return;
  parts_.folder.rememberFileOf(path);
  exportChartSvg(chart, path, charts.chartSize(chart));
}

void SessionCommands::exportAllChartsWithDialog() {
  const QString dir = parts_.prompts.existingDirectory(&parts_.window, tr("Export All Charts"),
                                                       parts_.folder.path());
  if (dir.isEmpty()) return;
  parts_.folder.remember(dir);
  exportAllCharts(dir);
}

void SessionCommands::exportResultsWithDialog(ReportFormat format) {
  const bool csv = format == ReportFormat::csv;
  const QString path = parts_.prompts.saveFileName(
      &parts_.window, csv ? tr("Export Results as CSV") : tr("Export Results as Markdown"),
      parts_.folder.with(csv ? QStringLiteral("results.csv") : QStringLiteral("results.md")),
      csv ? tr("CSV files (*.csv)") : tr("Markdown files (*.md)"));
  if (path.isEmpty()) return;
  parts_.folder.rememberFileOf(path);
  exportResults(path, format);
}

void SessionCommands::setRecentMenu(QMenu* menu) {
  recentMenu_ = menu;
  updateRecentMenu();
}

void SessionCommands::addRecentFile(const QString& path) {
  recentFiles_.removeAll(path);
  recentFiles_.prepend(path);
  while (recentFiles_.size() > kMaxRecentFiles) recentFiles_.removeLast();
  if (useSettings_) QSettings().setValue(kRecentKey, recentFiles_);
  updateRecentMenu();
}

void SessionCommands::updateRecentMenu() {
  if (!recentMenu_) return;
  recentMenu_->clear();
  for (const QString& path : recentFiles_) {
    QAction* a = recentMenu_->addAction(QFileInfo(path).fileName());
    a->setToolTip(native(path));
    connect(a, &QAction::triggered, this, [this, path] { openAfterAsking(path); });
  }
  recentMenu_->setEnabled(!recentFiles_.isEmpty() && !busy_() && !parts_.document.isLoading());
}

}  // namespace accellab::gui
