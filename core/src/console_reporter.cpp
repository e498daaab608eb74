#include <algorithm>
#include <array>

#include "report_stream.h"

namespace accellab::detail {

namespace {

// Columns have fixed widths so that rows can be printed as they arrive; a longer cell
// pushes the rest of its row instead of being cut.
constexpr std::array<std::size_t, 11> kWidths = {12, 7, 9, 9, 11, 12, 9, 8, 8, 9, 0};
constexpr std::array<bool, 11> kLeftAligned = {true,  false, false, false, false, false,
                                               false, false, true,  true,  true};

// Code points, not bytes: "µs" and "±" take one column each.
std::size_t displayWidth(const std::string& text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

std::string alignedLine(const std::vector<std::string>& cells) {
  std::string line;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const std::string padding(kWidths[i] - std::min(kWidths[i], displayWidth(cells[i])), ' ');
    if (i != 0) line += "  ";
    line +=
        kLeftAligned[i] ? cells[i] + (i + 1 == cells.size() ? "" : padding) : padding + cells[i];
  }
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return line + "\n";
}

class ConsoleReporter : public Reporter {
 public:
  ConsoleReporter(std::ostream& out, const ReportOptions& options) : out_(out), stream_(options) {}

  void begin(const SystemInfo& system) override {
    // The machine is introduced by the caller (the CLI prints a fuller summary than a
    // reporter could); the console table needs only the ceiling.
    stream_.setCeilings(ceilingsOf(system));
  }

  void point(const PointResult& result) override {
    const auto next = stream_.add(result);
    if (next.startsGroup) out_ << "\n" << next.row.group << "\n" << alignedLine(reportHeaders());
    out_ << alignedLine(formatReportRow(next.row)) << std::flush;
  }

  void end() override { out_ << std::flush; }

 private:
  std::ostream& out_;
  ReportStream stream_;
};

}  // namespace

std::unique_ptr<Reporter> makeConsoleReporter(std::ostream& out, const ReportOptions& options) {
  return std::make_unique<ConsoleReporter>(out, options);
}

}  // namespace accellab::detail
