// The engine names the result and comparison tables' columns in English for every front end
// (console, CSV, Markdown, GUI); the desktop app shows them in the user interface's language.
#pragma once

#include <QString>
#include <string_view>

namespace accellab::gui {

// `header` (a ReportColumn's or ComparisonColumn's) translated; unknown headers as they are.
QString translatedHeader(std::string_view header);

}  // namespace accellab::gui
