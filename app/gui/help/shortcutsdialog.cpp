#include "help/shortcutsdialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QSet>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "actiontext.h"

namespace accellab::gui {
namespace {

QString plainText(const QAction& action) {
  QString text = withoutMnemonic(action.text());
  if (text.endsWith(QChar(0x2026))) text.chop(1);
  return text;
}

QString keysText(const QAction& action) {
  QStringList keys;
  for (const QKeySequence& key : action.shortcuts()) keys << key.toString(QKeySequence::NativeText);
  return keys.join(QStringLiteral(", "));
}

void addRows(const QString& group, const QList<QAction*>& actions, QSet<const QAction*>& seen,
             std::vector<ShortcutRow>& rows) {
  for (const QAction* action : actions) {
    if (action->menu()) {
      addRows(group, action->menu()->actions(), seen, rows);
      continue;
    }
    if (action->shortcuts().isEmpty() || seen.contains(action)) continue;
    seen.insert(action);
    rows.push_back({group, plainText(*action), keysText(*action)});
  }
}

}  // namespace

std::vector<ShortcutRow> shortcutRows(const QMainWindow& window) {
  std::vector<ShortcutRow> rows;
  QSet<const QAction*> seen;
  for (const QAction* menu : window.menuBar()->actions())
    if (menu->menu()) addRows(plainText(*menu), menu->menu()->actions(), seen, rows);
  // Shortcuts of a widget (Copy in the results table) work where the menus do not say.
  addRows(ShortcutsDialog::tr("Other"), window.findChildren<QAction*>(), seen, rows);
  return rows;
}

ShortcutsDialog::ShortcutsDialog(QMainWindow& window) : QDialog(&window) {
  setObjectName(QStringLiteral("shortcutsDialog"));
  setWindowTitle(tr("Keyboard Shortcuts"));
  auto* tree = new QTreeWidget(this);
  tree->setObjectName(QStringLiteral("shortcuts"));
  tree->setHeaderLabels({tr("Action"), tr("Shortcut")});
  tree->setRootIsDecorated(false);
  QTreeWidgetItem* group = nullptr;
  for (const ShortcutRow& row : shortcutRows(window)) {
    if (!group || group->text(0) != row.group) {
      group = new QTreeWidgetItem(tree, {row.group});
      QFont bold = group->font(0);
      bold.setBold(true);
      group->setFont(0, bold);
      group->setFirstColumnSpanned(true);
      group->setExpanded(true);
    }
    new QTreeWidgetItem(group, {row.action, row.keys});
  }
  tree->expandAll();
  tree->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(tree);
  layout->addWidget(buttons);
  resize(440, 480);
}

}  // namespace accellab::gui
