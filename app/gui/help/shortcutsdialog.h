// Help > Keyboard Shortcuts: every action of the window that has a shortcut, read from the
// actions themselves, so the list cannot fall behind them.
#pragma once

#include <QDialog>
#include <QString>
#include <vector>

class QMainWindow;

namespace accellab::gui {

struct ShortcutRow {
  QString group;   // the menu the action is in ("File"), else "Other"
  QString action;  // its text without the mnemonic's '&' and the trailing ellipsis
  QString keys;    // its shortcuts in the platform's notation, ", " between them
};

// Menu by menu in the menu bar's order, then the window's actions that are in no menu.
std::vector<ShortcutRow> shortcutRows(const QMainWindow& window);

class ShortcutsDialog : public QDialog {
  Q_OBJECT

 public:
  explicit ShortcutsDialog(QMainWindow& window);
};

}  // namespace accellab::gui
