#include "progress_line.h"

#include <sys/ioctl.h>
#include <unistd.h>

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

// Characters as the terminal counts them: UTF-8 continuation bytes take no column.
std::size_t columnsOf(const std::string& text) {
  std::size_t n = 0;
  for (const char c : text) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
  return n;
}

// The byte offset where the `count`-th character of `text` starts.
std::size_t offsetOf(const std::string& text, std::size_t count) {
  std::size_t offset = 0;
  for (std::size_t seen = 0; offset < text.size(); ++offset) {
    if ((static_cast<unsigned char>(text[offset]) & 0xC0) == 0x80) continue;
    if (seen++ == count) break;
  }
  return offset;
}

// `text` cut to `width` characters by replacing its middle with "…".
std::string elidedMiddle(const std::string& text, std::size_t width) {
  const std::size_t length = columnsOf(text);
  if (length <= width) return text;
  if (width == 0) return {};
  const std::size_t kept = width - 1;
  const std::size_t head = (kept + 1) / 2, tail = kept - head;
  return text.substr(0, offsetOf(text, head)) + "\u2026" +
         text.substr(offsetOf(text, length - tail));
}

}  // namespace

std::string progressLineText(const Progress& progress, std::size_t columns) {
  char head[64];
  const std::size_t shown = progress.point ? progress.pointIndex + 1 : progress.pointsDone;
  std::snprintf(head, sizeof head, "[%zu/%zu] %3.0f%% ", shown, progress.pointsTotal,
                100.0 * progress.fraction);
  std::string tail;
  if (progress.point) tail = " \u2014 " + progress.describePhase();
  if (progress.etaS)
    tail += (progress.etaIsFloor ? "  ETA at least " : "  ETA ") + formatEta(*progress.etaS);
  // One column stays free: a line that fills the terminal wraps on some of them.
  const std::size_t fixed = columnsOf(head) + columnsOf(tail) + 1;
  const std::size_t room = columns > fixed ? columns - fixed : 0;
  std::string line = head + elidedMiddle(progress.describePoint(), room) + tail;
  if (columns > 0 && columnsOf(line) >= columns) line = elidedMiddle(line, columns - 1);
  return line;
}

ProgressLine::ProgressLine() : enabled_(isatty(STDERR_FILENO) == 1) {}

ProgressLine::~ProgressLine() { clear(); }

void ProgressLine::update(const Progress& progress) {
  if (!enabled_) return;
  const double now = steadySeconds();
  // A new point or phase always shows: the phase may last long without another report.
  const std::pair stage{progress.pointIndex, progress.phase};
  if (shown_ && stage == lastStage_ && now - lastDrawS_ < kRedrawIntervalS) return;
  lastDrawS_ = now;
  lastStage_ = stage;

  std::cerr << "\r\x1b[K" << progressLineText(progress, terminalColumns()) << std::flush;
  shown_ = true;
}

void ProgressLine::clear() {
  if (!shown_) return;
  std::cerr << "\r\x1b[K" << std::flush;
  shown_ = false;
}

}  // namespace accellab::cli
