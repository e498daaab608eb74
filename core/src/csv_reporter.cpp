#include <charconv>

#include "report_stream.h"

namespace accellab::detail {

namespace {

std::string csvField(const std::string& cell) {
  if (cell.find_first_of(",\"\r\n") == std::string::npos) return cell;
  std::string text = "\"";
  for (char c : cell) text += c == '"' ? std::string("\"\"") : std::string(1, c);
  return text + "\"";
}

// The shortest text that reads back as the same double.
std::string number(double value) {
  char text[32];
  const auto end = std::to_chars(text, text + sizeof text, value).ptr;
  return std::string(text, end);
}

// Raw values in SI units (seconds, per second, bytes); an empty cell where nothing was
// measured. One header for all runs: the run column tells them apart.
class CsvReporter : public Reporter {
 public:
  CsvReporter(std::ostream& out, const ReportOptions& options)
      : out_(out), stream_(options), columns_(columnsIn(inFiles)) {}

  void begin(const Run& run) override {
    stream_.begin(run);
    if (headerWritten_) return;
    headerWritten_ = true;
    for (std::size_t i = 0; i < columns_.size(); ++i)
      out_ << (i == 0 ? "" : ",") << columns_[i]->id;
    out_ << "\n";
  }

  void point(const PointResult& result) override {
    const ReportRow row = stream_.add(result).row;
    for (std::size_t i = 0; i < columns_.size(); ++i) {
      const ReportColumn& column = *columns_[i];
      std::string cell;
      if (!column.kind) {
        cell = column.text(row);
      } else if (const auto value = column.value(row)) {
        cell = number(*value);
      }
      out_ << (i == 0 ? "" : ",") << csvField(cell);
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
