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

// Draws `view`'s chart laid out at `logicalSize`, `scale` image pixels per logical pixel,
// with `caption` in a line under it when there is one (the chart that much shorter). The
// image says its resolution: 96 dpi times `scale`, so it prints at the size it had on screen.
QImage renderChart(ChartView& view, QSize logicalSize, qreal scale, const QString& caption = {});

// On failure these return a message for the user.
std::optional<QString> saveChartPng(ChartView& view, const QString& path, QSize logicalSize,
                                    qreal scale, const QString& caption = {});
std::optional<QString> saveChartSvg(ChartView& view, const QString& path, QSize logicalSize,
                                    const QString& caption = {});

// What the charts drawn from `runIds` of `session` were measured on, when and in which runs:
// "AMD EPYC 7B13 · 2026-11-30 04:33 UTC · run 3 “add 4 sizes”".
QString chartCaption(const Session& session, const std::vector<int>& runIds);

// How writeChartFiles draws each chart.
struct ChartFiles {
  QSize logicalSize;
  qreal scale = 2;
  QString caption;   // under every chart when not empty
  bool svg = false;  // an SVG beside each PNG
};

// Writes DIR/<prefix>-<chart>.png (and .svg) for every chart drawn from `input`, creating DIR;
// the paths written are appended to `written`. What the window's Export All Charts and
// --export-charts write.
std::optional<QString> writeChartFiles(const ChartInput& input, const QString& dir,
                                       const QString& prefix, const ChartFiles& files,
                                       QStringList& written);

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
// the kernel's name (fileSlug), with each kernel's chartCaption under it when `caption`. The
// paths written are appended to `written`.
std::optional<QString> exportSessionCharts(const Session& session, const QString& dir,
                                           QStringList& written,
                                           const std::vector<int>& runIds = {},
                                           bool caption = false);

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
