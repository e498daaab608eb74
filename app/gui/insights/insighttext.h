// A finding (insights.h) in the window's words, translated: the engine gives its kind and
// numbers, so the Chinese text is written for Chinese, not turned from an English sentence.
#pragma once

#include <QString>

#include "accellab/insights.h"

namespace accellab::gui {

// The claim with its numbers, then the next step; a last sentence when it rests on flagged
// points. The window's field and button names, not the CLI's flags.
QString insightText(const Insight& insight);
// "Memory-bound", "Threads lose", ...: the finding's kind as a short title.
QString insightTitle(InsightKind kind);

}  // namespace accellab::gui
