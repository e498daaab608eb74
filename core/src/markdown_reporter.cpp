#include "report_stream.h"
#include "table_text.h"

namespace accellab::detail {

namespace {

class MarkdownReporter : public Reporter {
 public:
  MarkdownReporter(std::ostream& out, const ReportOptions& options) : out_(out), stream_(options) {}

  void begin(const Run& run) override {
    stream_.begin(run);
    if (!titled_) out_ << "# AccelLab results\n";
    titled_ = true;
    out_ << "\n## " << markdownCell(runHeading(run)) << "\n\n"
         << markdownCell(systemSummary(run.system)) << "\n";
  }

  void point(const PointResult& result) override {
    const auto next = stream_.add(result);
    if (next.startsGroup) {
      columns_ = stream_.values().placedIn(consoleColumnsFor(next.row, stream_.distributed()));
      std::vector<std::string> headers;
      for (const ReportColumn* column : columns_) headers.emplace_back(column->header);
      out_ << "\n### " << markdownCell(next.row.group) << "\n\n"
           << markdownLine(headers) << markdownAlignment(columns_);
    }
    std::vector<std::string> cells;
    for (const ReportColumn* column : columns_) cells.push_back(column->text(next.row));
    out_ << markdownLine(cells);
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
