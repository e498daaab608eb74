// How the charts tell variants, runs and flagged points apart, the same on every tab, kernel
// and export: a colour per variant (Okabe–Ito's colour-blind-safe palette), a fill pattern
// (bars, boxes) and a dash (lines) per run, a marker shape per thread count or problem on
// lines, and one mark for a point whose numbers are not to be trusted as they are.
#pragma once

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QImage>
#include <QPen>
#include <QString>
#include <QStringList>

#include <cstddef>
#include <string>

#include "charts/chartinput.h"
#include "theme/contrast.h"

namespace accellab::gui {

// The colour of a variant, by its name alone: the known variants have fixed colours, others
// one picked by a hash of the name, so that a variant looks the same whatever else was run.
QColor variantColour(const std::string& variant);
// The colour of a variant in the chart of `input`: the known variants' fixed colours; any
// other variant, in the order the chart's labels name them, its hashed colour where no other
// variant of the chart has it, else the palette's next colour none has. Within a chart no two
// variants share a colour while the palette lasts (16), whatever their names.
QColor variantColour(const ChartInput& input, const std::string& variant);
// The colour of the variant a point of `input` with `label` ("parallel ×2") measured.
QColor labelColour(const ChartInput& input, const QString& label);
// The variant `label` stands for in `input`.
std::string variantOfLabel(const ChartInput& input, const QString& label);
// Labels of one variant (its thread counts) share its colour: each gets a marker shape, the
// n-th for the variant's n-th label in `input`.
std::size_t labelShape(const ChartInput& input, const QString& label);
// The n-th marker shape (a circle, a square, a triangle, ...), drawn `size` logical pixels
// wide in `colour`, for QXYSeries::setLightMarker.
QImage markerImage(std::size_t shape, const QColor& colour, qreal size);
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
// Charts are laid out when shown or exported, after they are built: whether labels fit upright
// is judged for a typical plot this wide (logical pixels) until the plot's real width is known.
inline constexpr double kTypicalPlotWidth = 850;
// The width of the widest line of `labels` ("<br>" parts lines) as Qt Charts lays it out.
double widestLabel(const QStringList& labels, const QFont& font);
// The room a label `widest` wide takes along its line, upright across a slot or turned down
// from the plot: with a margin, and Qt Charts' padding on both sides.
double labelRoom(double widest);
// Whether labels that take `room` fit upright in one of `count` slots across a plot
// `plotWidth` wide.
bool fitsUpright(double room, std::size_t count, double plotWidth);
// Whether the widest line of `labels` ("<br>" parts lines) fits upright in one of `count`
// slots across a plot `plotWidth` wide.
bool fitsUpright(const QStringList& labels, const QFont& font, std::size_t count,
                 double plotWidth = kTypicalPlotWidth);
QPen flagPen();
// Put before the value label of a flagged element: "⚠ 3.2×".
QString flagMark();
// For a tooltip: "⚠ unstable: the samples' MAD is …; close other programs, …" for each flag
// of the point, or "" when it has none.
QString flagNote(const ChartInput& input, const ChartPoint& point);

}  // namespace accellab::gui
