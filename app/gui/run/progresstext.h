// The words of the status bar during and after a run, translated in one place: the point
// worked on in full, its phase, the time left, and how the run ended.
#pragma once

#include <QString>
#include <cstddef>
#include <optional>

#include "accellab/runner.h"
#include "accellab/sysinfo.h"

namespace accellab::gui {

// "add · parallel ×2 threads · 1024×1024×512 f64", "pi · loop · 1e9 samples"; empty without
// a point.
QString pointText(const Progress& progress);
// "preparing", "warming up", "measuring 3 of 10", "verifying", "…, re-run 1 of 3".
QString phaseText(const Progress& progress);
// "about 12 s left"; "almost done" under a second; "longer than estimated" once the time
// predicted has run out `overdueS` seconds ago.
// `floor`: the time left counts variants not measured yet at the memory ceiling's pace.
QString timeLeftText(double leftS, double overdueS = 0, bool floor = false);
// "Point 2 of 4: add · parallel ×2 threads · 1024×1024×512 f64 — measuring 3 of 10 — about
// 12 s left", with `leftS` the time left now (the estimate counted down since the report).
QString progressText(const Progress& progress, std::optional<double> leftS, double overdueS = 0);

// "Finished: 4 points", "Finished: 4 points, 1 failed"
QString finishedText(std::size_t points, std::size_t failed = 0);
// "Stopped after 3 of 5 points: 3 points in a row crashed their worker"
QString stoppedText(std::size_t done, std::size_t total, const QString& why);
QString cancelledText(std::size_t done, std::size_t total);  // "Cancelled after 1 of 4 points"
QString failedText(const QString& message);

// "Machine probed: AMD EPYC 9R14; bandwidth 21.3 GB/s, measured 3/12/26 14:02 (cached)", and
// "(not kept for the next start: why)" after it when `warning` says the cache was not written.
QString probedText(const SystemInfo& system, const QString& warning);  // "Failed: …"

}  // namespace accellab::gui
