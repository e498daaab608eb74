#include "help/userguidedialog.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QLocale>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

namespace accellab::gui {

QString userGuideResource(const QString& localeName) {
  const QString translated = QStringLiteral(":/help/guide_%1.html").arg(localeName);
  return QFile::exists(translated) ? translated : QStringLiteral(":/help/guide.html");
}

UserGuideDialog::UserGuideDialog(QWidget* parent)
    : QDialog(parent), browser_(new QTextBrowser(this)) {
  setObjectName(QStringLiteral("userGuideDialog"));
  setWindowTitle(tr("AccelLab User Guide"));
  browser_->setObjectName(QStringLiteral("guide"));
  browser_->setOpenExternalLinks(true);
  browser_->setSource(QUrl(QStringLiteral("qrc") + userGuideResource(QLocale().name())));
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(browser_);
  layout->addWidget(buttons);
  resize(720, 640);
}

}  // namespace accellab::gui
