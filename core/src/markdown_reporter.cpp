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

class MarkdownReporter : public Reporter {
 public:
  MarkdownReporter(std::ostream& out, const ReportOptions& options)
      : out_(out), stream_(options), columns_(columnsIn(inConsole)) {}

  void begin(const Run& run) override {
    stream_.begin(run);
    if (!titled_) out_ << "# AccelLab results\n";
    titled_ = true;
    out_ << "\n## " << escaped(runHeading(run)) << "\n\n"
         << escaped(systemSummary(run.system)) << "\n";
  }

  void point(const PointResult& result) override {
    const auto next = stream_.add(result);
    if (next.startsGroup) {
      std::vector<std::string> headers;
      std::string alignment = "|";
      for (const ReportColumn* column : columns_) {
        headers.emplace_back(column->header);
        alignment += column->align == Align::left ? " :-- |" : " --: |";
      }
      out_ << "\n### " << escaped(next.row.group) << "\n\n"
           << tableLine(headers) << alignment << "\n";
    }
    std::vector<std::string> cells;
    for (const ReportColumn* column : columns_) cells.push_back(column->text(next.row));
    out_ << tableLine(cells);
  }

  void end() override { out_ << std::flush; }

 private:
  std::ostream& out_;
  ReportStream stream_;
  std::vector<const ReportColumn*> columns_;
  bool titled_ = false;
};

}  // namespace

std::unique_ptr<Reporter> makeMarkdownReporter(std::ostream& out, const ReportOptions& options) {
  return std::make_unique<MarkdownReporter>(out, options);
}

}  // namespace accellab::detail
