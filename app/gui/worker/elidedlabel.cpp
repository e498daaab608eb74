#include "worker/elidedlabel.h"

#include <QResizeEvent>

namespace accellab::gui {

namespace {

// Narrower than this the label would say nothing readable; the status bar keeps at least it.
constexpr int kMinimumCharacters = 12;

}  // namespace

ElidedLabel::ElidedLabel(QWidget* parent) : QLabel(parent) {
  setTextFormat(Qt::PlainText);
  setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
}

void ElidedLabel::setFullText(const QString& text) {
  if (text == fullText_) return;
  fullText_ = text;
  setToolTip(text);
  elide();
  updateGeometry();
}

QSize ElidedLabel::sizeHint() const {
  const QMargins margins = contentsMargins();
  return {
      fontMetrics().horizontalAdvance(fullText_) + margins.left() + margins.right() + 2 * margin(),
      QLabel::sizeHint().height()};
}

QSize ElidedLabel::minimumSizeHint() const {
  return {fontMetrics().averageCharWidth() * kMinimumCharacters,
          QLabel::minimumSizeHint().height()};
}

void ElidedLabel::resizeEvent(QResizeEvent* event) {
  QLabel::resizeEvent(event);
  elide();
}

void ElidedLabel::elide() {
  const int width = contentsRect().width() - 2 * margin();
  const QFontMetrics metrics = fontMetrics();
  setText(metrics.horizontalAdvance(fullText_) <= width
              ? fullText_
              : metrics.elidedText(fullText_, Qt::ElideMiddle, width));
}

}  // namespace accellab::gui
