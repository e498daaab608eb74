// Charts to files: PNG at any size (sharp through a device pixel ratio), SVG through Qt SVG,
// and every chart of a session at once for `accellab --export-charts`. Every file is encoded
// in memory first and written atomically (output_file.h): a full disk never leaves half an
// image.
#pragma once

#include <QImage>
#include <QSize>
#include <QString>
#include <QStringList>
#include <functional>
#include <optional>
#include <string>
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

// One chart of a session drawn: its kernel, its file stem ("speedup") and the image. What it
// returns, when anything, stops the drawing as an error.
using ChartImageSink = std::function<std::optional<QString>(
    const std::string& kernel, const QString& stem, const QImage& image)>;

// Draws every chart of every kernel in the runs `runIds` (overlaid), or of every kernel in the
// session, each with its latest run, when there are no ids: what --export-charts writes, and
// what the chart fuzzer renders. Returns a message when there is nothing to draw or `sink`
// failed.
std::optional<QString> renderSessionCharts(const Session& session, const std::vector<int>& runIds,
                                           QSize logicalSize, qreal scale,
                                           const ChartImageSink& sink);

// Writes DIR/<slug>-<chart>.png for every chart renderSessionCharts draws, the slug made of
// the kernel's name (fileSlug). The paths written are appended to `written`.
std::optional<QString> exportSessionCharts(const Session& session, const QString& dir,
                                           QStringList& written,
                                           const std::vector<int>& runIds = {});

// A file name part from a name of the session, which is data, not a path: letters, digits,
// '-' and '_' only (anything else becomes '_'), at most kMaxSlugLength characters, never
// empty, never starting with '-', and not one of `taken` (compared without case, for file
// systems that ignore it): "../x" is "x", "/abs/x" is "abs_x".
inline constexpr qsizetype kMaxSlugLength = 48;
QString fileSlug(const std::string& name, const QStringList& taken);

// The size exported charts are laid out at when there is no on-screen chart to copy.
inline constexpr QSize kExportLogicalSize{1000, 620};
inline constexpr qreal kExportScale = 2.0;

}  // namespace accellab::gui
