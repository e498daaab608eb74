#include "experiment/wheelguard.h"

#include <QAbstractScrollArea>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QWidget>

namespace accellab::gui {
namespace {

class WheelGuard final : public QObject {
 public:
  using QObject::QObject;

  bool eventFilter(QObject* watched, QEvent* event) override {
    auto* field = static_cast<QWidget*>(watched);
    if (event->type() != QEvent::Wheel || field->hasFocus()) return false;
    // Not the field's: the scroll area around the form scrolls, if there is one.
    for (QWidget* outer = field->parentWidget(); outer; outer = outer->parentWidget())
      if (auto* area = qobject_cast<QAbstractScrollArea*>(outer)) {
        QCoreApplication::sendEvent(area->viewport(), event);
        break;
      }
    return true;
  }
};

}  // namespace

void takeWheelOnlyWhenFocused(QWidget* form) {
  auto* guard = new WheelGuard(form);
  const auto guardEach = [guard](const auto& fields) {
    for (QWidget* field : fields) {
      field->setFocusPolicy(Qt::StrongFocus);
      field->installEventFilter(guard);
    }
  };
  guardEach(form->findChildren<QAbstractSpinBox*>());
  guardEach(form->findChildren<QComboBox*>());
}

}  // namespace accellab::gui
