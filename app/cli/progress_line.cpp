#include "progress_line.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>

namespace accellab::cli {
namespace {

// Repetitions of tiny kernels complete millions of times a second; the eye needs ~10 Hz.
constexpr double kRedrawIntervalS = 0.1;

std::size_t terminalColumns() {
  winsize size{};
  if (ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  return 80;
}

std::string formatEta(double seconds) {
  const auto total = static_cast<long long>(std::ceil(seconds));
  const long long h = total / 3600, m = total / 60 % 60, s = total % 60;
  char text[32];
  if (h > 0) {
    std::snprintf(text, sizeof text, "%lld:%02lld:%02lld", h, m, s);
  } else {
    std::snprintf(text, sizeof text, "%lld:%02lld", m, s);
  }
  return text;
}

}  // namespace

ProgressLine::ProgressLine() : enabled_(isatty(STDERR_FILENO) == 1) {}

ProgressLine::~ProgressLine() { clear(); }

void ProgressLine::update(const Progress& progress) {
  if (!enabled_) return;
  const double now = steadySeconds();
  if (shown_ && now - lastDrawS_ < kRedrawIntervalS) return;
  lastDrawS_ = now;

  char head[64];
  std::snprintf(head, sizeof head, "[%zu/%zu] %3.0f%% ",
                std::min(progress.pointsDone + 1, progress.pointsTotal), progress.pointsTotal,
                100.0 * progress.fraction);
  std::string line = head + progress.current;
  if (progress.etaS) line += "  ETA " + formatEta(*progress.etaS);
  const std::size_t columns = terminalColumns();
  if (line.size() >= columns) line.resize(columns - 1);
  std::cerr << "\r\x1b[K" << line << std::flush;
  shown_ = true;
}

void ProgressLine::clear() {
  if (!shown_) return;
  std::cerr << "\r\x1b[K" << std::flush;
  shown_ = false;
}

}  // namespace accellab::cli
