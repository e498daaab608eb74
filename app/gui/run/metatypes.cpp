#include "run/metatypes.h"

namespace accellab::gui {

void registerMetaTypes() {
  qRegisterMetaType<accellab::Progress>();
  qRegisterMetaType<accellab::PointResult>();
  qRegisterMetaType<accellab::SystemInfo>();
  qRegisterMetaType<std::vector<accellab::SystemCondition>>();
}

}  // namespace accellab::gui
