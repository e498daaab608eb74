#include <algorithm>

#include "accellab/printable.h"
#include "accellab/quality.h"
#include "report_stream.h"
#include "table_text.h"

namespace accellab::detail {

namespace {

class ConsoleReporter : public Reporter {
 public:
  ConsoleReporter(std::ostream& out, const ReportOptions& options) : out_(out), stream_(options) {}

  void begin(const Run& run) override {
    // The machine is introduced by the caller (the CLI prints a fuller summary than a
    // reporter could).
    stream_.begin(run);
    quality_ = run.settings.measure.quality;
    flagged_.clear();
    out_ << "\n" << printable(runHeading(run)) << "\n";
  }

  void point(const PointResult& result) override {
    const auto next = stream_.add(result);
    if (next.startsGroup) {
      columns_ = consoleColumnsFor(next.row, stream_.distributed());
      std::vector<std::string> headers;
      for (const ReportColumn* column : columns_) headers.emplace_back(column->header);
      out_ << "\n" << printable(next.row.group) << "\n" << alignedLine(columns_, headers);
    }
    std::vector<std::string> cells;
    for (const ReportColumn* column : columns_) cells.push_back(column->text(next.row));
    out_ << alignedLine(columns_, cells) << std::flush;
    if (result.flags.any())
      flagged_.push_back(printable(describe(result.point)) + ": " + flagAdvice(result, quality_));
  }

  // Flags are explained once below the table, where they do not break its columns. The advice
  // holds no text from the session (its line breaks are its own).
  void end() override {
    if (!flagged_.empty()) out_ << "\nFlagged points:\n";
    for (const std::string& text : flagged_) {
      std::string indented = "  " + text;
      for (std::size_t at = indented.find('\n'); at != std::string::npos;
           at = indented.find('\n', at + 1))
        indented.insert(at + 1, "    ");
      out_ << indented << "\n";
    }
    out_ << std::flush;
  }

 private:
  std::ostream& out_;
  ReportStream stream_;
  std::vector<const ReportColumn*> columns_;
  QualityLimits quality_;
  std::vector<std::string> flagged_;
};

}  // namespace

std::unique_ptr<Reporter> makeConsoleReporter(std::ostream& out, const ReportOptions& options) {
  return std::make_unique<ConsoleReporter>(out, options);
}

}  // namespace accellab::detail
