// Charts to files: PNG at any size (sharp through a device pixel ratio), SVG through Qt SVG,
// and every chart of a session at once for `accellab --export-charts`.
#pragma once

#include <QImage>
#include <QSize>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

#include "charts/chartinput.h"

namespace accellab::gui {

class ChartView;

// Draws `view`'s chart laid out at `logicalSize`, `scale` image pixels per logical pixel.
QImage renderChart(ChartView& view, QSize logicalSize, qreal scale);

// On failure these return a message for the user.
std::optional<QString> saveChartPng(ChartView& view, const QString& path, QSize logicalSize,
                                    qreal scale);
std::optional<QString> saveChartSvg(ChartView& view, const QString& path, QSize logicalSize);

// Writes DIR/<kernel>-<chart>.png for every chart of every kernel in the runs `runIds`
// (overlaid), or of every kernel in the session, each with its latest run, when there are no
// ids. The paths written are appended to `written`.
std::optional<QString> exportSessionCharts(const Session& session, const QString& dir,
                                           QStringList& written,
                                           const std::vector<int>& runIds = {});

// The size exported charts are laid out at when there is no on-screen chart to copy.
inline constexpr QSize kExportLogicalSize{1000, 620};
inline constexpr qreal kExportScale = 2.0;

}  // namespace accellab::gui
