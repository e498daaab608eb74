#include <nlohmann/json.hpp>

#include "report_stream.h"

namespace accellab::detail {

namespace {

using Json = nlohmann::ordered_json;

// Text a file may hold that is not UTF-8 is written with U+FFFD in its place, not refused.
std::string dumped(const Json& json, int indent = -1) {
  return json.dump(indent, ' ', false, Json::error_handler_t::replace);
}

// `text` with every line but the first moved right by `spaces`.
std::string indented(const std::string& text, std::size_t spaces) {
  std::string result;
  result.reserve(text.size() + text.size() / 4);
  std::size_t from = 0;
  for (std::size_t at = text.find('\n'); at != std::string::npos; at = text.find('\n', from)) {
    result.append(text, from, at + 1 - from).append(spaces, ' ');
    from = at + 1;
  }
  return result.append(text, from);
}

// {"format": "accellab-report", "runs": [{"id", "name", "rows": [{column id: value}]}]}:
// numbers in SI units, null where nothing was measured. Rows are written as they arrive, each
// laid out as dump(2) lays out the whole document: a report of any size holds one row in
// memory, not a document of all of them.
class JsonReporter : public Reporter {
 public:
  JsonReporter(std::ostream& out, const ReportOptions& options) : out_(out), stream_(options) {}

  // Each run's rows have its own columns: the ranks only in runs of distributed points, the
  // reported values known when it begins.
  void begin(const Run& run) override {
    stream_.begin(run);
    columns_ = stream_.values().placedIn(columnsIn(inFiles, stream_.distributed()));
    cells_ = Json::object();
    for (const ReportColumn* column : columns_) cells_[std::string(column->id)] = nullptr;
    out_ << (runs_ == 0 ? "{\n  \"format\": \"accellab-report\",\n  \"runs\": [\n" : ",\n")
         << "    {\n      \"id\": " << run.id << ",\n      \"name\": " << dumped(run.name)
         << ",\n      \"rows\": [";
    ++runs_;
    rows_ = 0;
  }

  void point(const PointResult& result) override {
    const ReportRow row = stream_.add(result).row;
    auto cell = cells_.begin();
    for (const ReportColumn* column : columns_) {
      Json& value = (cell++).value();
      if (!column->kind) {
        value = column->text(row);
      } else if (const auto number = column->value(row)) {
        if (*column->kind == ValueKind::count)
          value = static_cast<std::uint64_t>(*number);
        else
          value = *number;
      } else {
        value = nullptr;
      }
    }
    out_ << (rows_++ == 0 ? "\n        " : ",\n        ") << indented(dumped(cells_, 2), 8);
  }

  void end() override { out_ << (rows_ == 0 ? "]\n    }" : "\n      ]\n    }"); }

  void finish() override {
    out_ << (runs_ == 0 ? "{\n  \"format\": \"accellab-report\",\n  \"runs\": []\n}\n"
                        : "\n  ]\n}\n")
         << std::flush;
  }

 private:
  std::ostream& out_;
  ReportStream stream_;
  std::vector<const ReportColumn*> columns_;
  Json cells_ = Json::object();  // a row's cells, keyed by column id, in column order
  std::size_t runs_ = 0;
  std::size_t rows_ = 0;
};

}  // namespace

std::unique_ptr<Reporter> makeJsonReporter(std::ostream& out, const ReportOptions& options) {
  return std::make_unique<JsonReporter>(out, options);
}

}  // namespace accellab::detail
