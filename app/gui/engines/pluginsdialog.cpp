#include "engines/pluginsdialog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace accellab::gui {

namespace {

constexpr int kFileRole = Qt::UserRole;
constexpr int kRemovableRole = Qt::UserRole + 1;

QString qs(const std::string& text) { return QString::fromStdString(text); }

}  // namespace

PluginsDialog::PluginsDialog(QWidget* parent)
    : QDialog(parent),
      tree_(new QTreeWidget(this)),
      load_(new QPushButton(tr("&Load\u2026"), this)),
      remove_(new QPushButton(tr("&Remove"), this)) {
  setWindowTitle(tr("Kernel Plugins"));
  tree_->setObjectName(QStringLiteral("pluginTree"));
  tree_->setRootIsDecorated(false);
  tree_->setHeaderLabels(
      {tr("Plugin"), tr("Version"), tr("Kernels"), tr("From"), tr("File"), tr("SHA-256")});
  tree_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
  load_->setObjectName(QStringLiteral("loadPlugin"));
  remove_->setObjectName(QStringLiteral("removePlugin"));
  load_->setToolTip(
      tr("Load a kernel plugin (a .so built against AccelLab's SDK, "
         "docs/plugins.md); it is loaded again at the next start"));
  remove_->setToolTip(
      tr("Stop loading the selected plugin (only those loaded here: the "
         "others come from ACCELLAB_PLUGIN_PATH or your plugins folder)"));
  connect(load_, &QPushButton::clicked, this, &PluginsDialog::loadRequested);
  connect(remove_, &QPushButton::clicked, this, [this] {
    if (const QTreeWidgetItem* item = tree_->currentItem())
      emit removeRequested(item->data(0, kFileRole).toString());
  });
  connect(tree_, &QTreeWidget::currentItemChanged, this, [this] { updateButtons(); });
  auto* note = new QLabel(
      tr("Plugins come from ACCELLAB_PLUGIN_PATH, your plugins folder "
         "(~/.local/share/accellab/plugins) and File \u25b8 Load Kernel Plugin\u2026. Each "
         "point of a plugin's kernel is measured in a worker process, so a crash costs only "
         "its point; every run records the plugin's version and SHA-256."),
      this);
  note->setWordWrap(true);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  buttons->addButton(load_, QDialogButtonBox::ActionRole);
  buttons->addButton(remove_, QDialogButtonBox::ActionRole);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(note);
  layout->addWidget(tree_, 1);
  layout->addWidget(buttons);
  resize(900, 320);
  updateButtons();
}

void PluginsDialog::setPlugins(const std::vector<PluginRow>& rows, const QStringList& refused) {
  tree_->clear();
  for (const PluginRow& row : rows) {
    auto* item = new QTreeWidgetItem(tree_);
    item->setText(0, qs(row.identity.name));
    item->setText(1, qs(row.identity.version));
    item->setText(2, row.kernels.join(QStringLiteral(", ")));
    item->setText(3, row.removable ? tr("loaded here") : tr("plugin path or folder"));
    item->setText(4, QDir::toNativeSeparators(qs(row.identity.file)));
    item->setText(5, row.identity.sha256.empty() ? tr("not computed (built without OpenSSL)")
                                                 : qs(row.identity.sha256));
    item->setData(0, kFileRole, qs(row.identity.file));
    item->setData(0, kRemovableRole, row.removable);
  }
  for (const QString& why : refused) {
    auto* item = new QTreeWidgetItem(tree_);
    item->setText(0, tr("not loaded"));
    item->setText(2, why);
    item->setForeground(0, QColor(0xb3, 0x26, 0x1e));
    item->setToolTip(2, why);
  }
  updateButtons();
}

void PluginsDialog::setBusy(bool busy) {
  busy_ = busy;
  updateButtons();
}

void PluginsDialog::updateButtons() {
  const QTreeWidgetItem* item = tree_->currentItem();
  load_->setEnabled(!busy_);
  remove_->setEnabled(!busy_ && item && item->data(0, kRemovableRole).toBool());
}

}  // namespace accellab::gui
