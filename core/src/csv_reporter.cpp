#include "report_stream.h"
#include "table_text.h"

namespace accellab::detail {

namespace {

// Raw values in SI units (seconds, per second, bytes); an empty cell where nothing was
// measured. One header for all runs: the run column tells them apart. The first run decides
// whether the ranks columns are in it (isDistributed), and which reported values it has (those
// of every run, written by writeReport).
class CsvReporter : public Reporter {
 public:
  CsvReporter(std::ostream& out, const ReportOptions& options) : out_(out), stream_(options) {}

  void begin(const Run& run) override {
    stream_.begin(run);
    if (headerWritten_) return;
    headerWritten_ = true;
    columns_ = stream_.values().placedIn(columnsIn(inFiles, stream_.distributed()));
    for (std::size_t i = 0; i < columns_.size(); ++i)
      out_ << (i == 0 ? "" : ",") << columns_[i]->id;
    out_ << "\n";
  }

  void point(const PointResult& result) override {
    const ReportRow row = stream_.add(result).row;
    for (std::size_t i = 0; i < columns_.size(); ++i) {
      const ReportColumn& column = *columns_[i];
      // Text through csvCell (quoted, formulas neutralised), numbers as they are.
      const std::string cell =
          column.kind ? exactNumber(column.value(row)) : csvCell(column.text(row));
      out_ << (i == 0 ? "" : ",") << cell;
    }
    out_ << "\n";
  }

  void end() override { out_ << std::flush; }

 private:
  std::ostream& out_;
  ReportStream stream_;
  std::vector<const ReportColumn*> columns_;
  bool headerWritten_ = false;
};

}  // namespace

std::unique_ptr<Reporter> makeCsvReporter(std::ostream& out, const ReportOptions& options) {
  return std::make_unique<CsvReporter>(out, options);
}

}  // namespace accellab::detail
