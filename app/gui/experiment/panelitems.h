// What the experiment panel's three files share (experimentpanel.cpp, experimentpanel_kernels.cpp
// and experimentpanel_state.cpp): the kernel box's item roles, and the key under which what was
// typed for a kernel's parameter is kept.
#pragma once

#include <QString>
#include <string>

#include "accellab/kernel.h"

namespace accellab::gui::panel {

inline QString qs(const std::string& text) { return QString::fromStdString(text); }

// The kernel box's roles: the kernel's name (the text may say more), and whether it runs here.
inline constexpr int kNameRole = Qt::UserRole;
inline constexpr int kRunnableRole = Qt::UserRole + 1;

// Where what was typed for a kernel's parameter is kept: "mm/n".
inline QString paramKey(const QString& kernel, const ParamSpec& param) {
  return kernel + QLatin1Char('/') + qs(param.name);
}

}  // namespace accellab::gui::panel
