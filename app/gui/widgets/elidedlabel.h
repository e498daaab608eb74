// A label that shows as much of its text as fits, cutting it in the middle ("Point 2 of 4:
// add · par…ring 3 of 10 — about 12 s left"), never at its start or end, nor in the part
// it is told to keep (the time left); the full text is its tooltip.
#pragma once

#include <QLabel>
#include <QString>

namespace accellab::gui {

class ElidedLabel : public QLabel {
  Q_OBJECT

 public:
  explicit ElidedLabel(QWidget* parent = nullptr);

  // From `keptFrom` on (the time left of a progress line) the text is never cut while it fits
  // alone: what comes before it is cut instead. -1: none kept.
  void setFullText(const QString& text, qsizetype keptFrom = -1);
  QString fullText() const { return fullText_; }

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  void elide();

  QString fullText_;
  qsizetype keptFrom_ = -1;
};

}  // namespace accellab::gui
