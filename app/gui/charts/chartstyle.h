// How the charts tell variants, runs and flagged points apart, the same on every tab: a colour
// per variant label, a fill pattern (bars, boxes) and a dash (lines) per run, and one mark for
// a point whose numbers are not to be trusted as they are.
#pragma once

#include <QBrush>
#include <QColor>
#include <QPen>
#include <QString>

#include "charts/chartinput.h"

namespace accellab::gui {

// The colour of a variant label, from its place among the kernel's labels in the session.
QColor variantColour(const ChartInput& input, const QString& label);
// The latest run shown is solid; older ones are hatched, each differently.
Qt::BrushStyle runPattern(const ChartInput& input, std::size_t run);
// The latest run shown is a solid line; older ones are dashed, each differently.
Qt::PenStyle runDash(const ChartInput& input, std::size_t run);
// A bar or box of `label` in `run`; `light` for the lighter of two bars of one point.
QBrush elementBrush(const ChartInput& input, const QString& label, std::size_t run,
                    bool light = false);
QPen elementPen(const ChartInput& input, const QString& label);
// The outline of a flagged bar or box and the colour of a flagged point on a line.
QColor flagColour();
QPen flagPen();
// Put before the value label of a flagged element: "⚠ 3.2×".
QString flagMark();
// For a tooltip: "⚠ unstable: the samples' MAD is …; close other programs, …" for each flag
// of the point, or "" when it has none.
QString flagNote(const ChartInput& input, const ChartPoint& point);

}  // namespace accellab::gui
