// File > Plugins…: every kernel plugin the window has, loaded or refused: its name, version,
// kernels, file and SHA-256, where it came from; and Load… and Remove for the window's own.
#pragma once

#include <QDialog>
#include <QString>
#include <QStringList>
#include <vector>

#include "accellab/kernel.h"

class QPushButton;
class QTreeWidget;

namespace accellab::gui {

struct PluginRow {
  PluginIdentity identity;
  QStringList kernels;
  bool removable = false;  // loaded by the window (File > Load Kernel Plugin…), not found
};

class PluginsDialog : public QDialog {
  Q_OBJECT

 public:
  explicit PluginsDialog(QWidget* parent = nullptr);
  // `refused`: "plugin FILE: why" of each that could not be loaded.
  void setPlugins(const std::vector<PluginRow>& rows, const QStringList& refused);
  // Load… and Remove wait while the engines are made again.
  void setBusy(bool busy);

 signals:
  void loadRequested();
  void removeRequested(const QString& file);

 private:
  void updateButtons();

  QTreeWidget* tree_;
  QPushButton* load_;
  QPushButton* remove_;
  bool busy_ = false;
};

}  // namespace accellab::gui
