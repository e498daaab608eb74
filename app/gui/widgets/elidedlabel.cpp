#include "widgets/elidedlabel.h"

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

void ElidedLabel::setFullText(const QString& text, qsizetype keptFrom) {
  if (text == fullText_ && keptFrom == keptFrom_) return;
  fullText_ = text;
  keptFrom_ = keptFrom > 0 && keptFrom < text.size() ? keptFrom : -1;
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
  if (metrics.horizontalAdvance(fullText_) <= width) return setText(fullText_);
  if (keptFrom_ > 0) {
    const QString kept = fullText_.mid(keptFrom_);
    const int room = width - metrics.horizontalAdvance(kept);
    // Room for a few characters of the rest besides the part kept whole.
    if (room > metrics.averageCharWidth() * 4)
      return setText(metrics.elidedText(fullText_.left(keptFrom_), Qt::ElideMiddle, room) + kept);
  }
  setText(metrics.elidedText(fullText_, Qt::ElideMiddle, width));
}

}  // namespace accellab::gui
