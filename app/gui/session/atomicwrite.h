// Writing a whole file through QSaveFile: a crash or a full disk never leaves half of it.
#pragma once

#include <QString>
#include <optional>
#include <string_view>

namespace accellab::gui {

// Empty on success, else "Cannot write PATH: reason".
std::optional<QString> writeFileAtomically(const QString& path, std::string_view bytes);

}  // namespace accellab::gui
