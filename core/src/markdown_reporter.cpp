#include "report_stream.h"

namespace accellab::detail {

namespace {

std::string escaped(const std::string& cell) {
  std::string text;
  for (char c : cell) {
    if (c == '|') text += '\\';
    text += c == '\n' ? ' ' : c;
  }
  return text;
}

std::string tableLine(const std::vector<std::string>& cells) {
  std::string line = "|";
  for (const auto& cell : cells) line.append(" ").append(escaped(cell)).append(" |");
  return line + "\n";
}

// Numbers right-aligned, names and words left-aligned, as in the console table.
constexpr std::string_view kAlignment =
    "| :-- | --: | --: | --: | --: | --: | --: | --: | :-- | :-- | :-- |\n";

class MarkdownReporter : public Reporter {
 public:
  MarkdownReporter(std::ostream& out, const ReportOptions& options) : out_(out), stream_(options) {}

  void begin(const SystemInfo& system) override {
    stream_.setCeilings(ceilingsOf(system));
    out_ << "# AccelLab results\n\n" << escaped(systemSummary(system)) << "\n";
  }

  void point(const PointResult& result) override {
    const auto next = stream_.add(result);
    if (next.startsGroup)
      out_ << "\n## " << escaped(next.row.group) << "\n\n"
           << tableLine(reportHeaders()) << kAlignment;
    out_ << tableLine(formatReportRow(next.row));
  }

  void end() override { out_ << std::flush; }

 private:
  std::ostream& out_;
  ReportStream stream_;
};

}  // namespace

std::unique_ptr<Reporter> makeMarkdownReporter(std::ostream& out, const ReportOptions& options) {
  return std::make_unique<MarkdownReporter>(out, options);
}

}  // namespace accellab::detail
