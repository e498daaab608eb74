// A label that shows as much of its text as fits, cutting it in the middle ("Point 2 of 4:
// add · par…ring 3 of 10 — about 12 s left"), never at its start or end; the full text is
// its tooltip.
#pragma once

#include <QLabel>
#include <QString>

namespace accellab::gui {

class ElidedLabel : public QLabel {
  Q_OBJECT

 public:
  explicit ElidedLabel(QWidget* parent = nullptr);

  void setFullText(const QString& text);
  QString fullText() const { return fullText_; }

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  void elide();

  QString fullText_;
};

}  // namespace accellab::gui
