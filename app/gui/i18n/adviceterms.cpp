#include "i18n/adviceterms.h"

#include <QCoreApplication>

namespace accellab::gui {
namespace {

std::string field(const char* label) {
  return QCoreApplication::translate("AdviceTerms", "\u201c%1\u201d")
      .arg(QCoreApplication::translate("AdviceTerms", label))
      .toStdString();
}

}  // namespace

AdviceTerms windowAdviceTerms() {
  return {.minTime = field(QT_TRANSLATE_NOOP("AdviceTerms", "Minimum time")),
          .reps = field(QT_TRANSLATE_NOOP("AdviceTerms", "Repetitions")),
          .maxTime = {},
          .rerun = field(QT_TRANSLATE_NOOP("AdviceTerms", "Re-run unstable"))};
}

}  // namespace accellab::gui
