// Problem sizes offered as presets: the tutorial's, and small/medium/large ones sized from the
// memory of this machine.
#pragma once

#include <QString>
#include <cstdint>
#include <vector>

#include "accellab/kernel.h"
#include "accellab/memory_guard.h"

namespace accellab::gui {

struct Preset {
  QString name;   // "Large (1024×1024×512, 8.00 GiB)"
  QString sizes;  // what the sizes field gets: "1024x1024x512" or "1e4, 3e7, 1e9"
};

std::vector<Preset> presetsFor(const Kernel& kernel, DType dtype, const MemoryAvailable& memory);

// The tutorial's sizes when they fit the memory available, else the largest preset that does.
QString defaultSizes(const Kernel& kernel, DType dtype, const MemoryAvailable& memory);

}  // namespace accellab::gui
