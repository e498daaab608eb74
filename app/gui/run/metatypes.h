// The engine's value types that cross the worker thread boundary by queued signals.
#pragma once

#include <QMetaType>

#include "accellab/result.h"
#include "accellab/runner.h"
#include "accellab/session.h"
#include "accellab/sysinfo.h"

Q_DECLARE_METATYPE(accellab::Progress)
Q_DECLARE_METATYPE(accellab::PointResult)
Q_DECLARE_METATYPE(accellab::SystemInfo)
Q_DECLARE_METATYPE(std::vector<accellab::SystemCondition>)

namespace accellab::gui {

// Registers the types above for queued connections; call once before the first run.
void registerMetaTypes();

}  // namespace accellab::gui
