// Help > User Guide: the guide shipped in the resources (resources/help/), in a browser that
// follows its links within the guide and opens others outside.
#pragma once

#include <QDialog>
#include <QString>

class QTextBrowser;

namespace accellab::gui {

// The guide for `localeName` ("zh_CN") when the resources have one, else the English one.
QString userGuideResource(const QString& localeName);

class UserGuideDialog : public QDialog {
  Q_OBJECT

 public:
  explicit UserGuideDialog(QWidget* parent);

  QTextBrowser& browser() { return *browser_; }

 private:
  QTextBrowser* browser_;
};

}  // namespace accellab::gui
