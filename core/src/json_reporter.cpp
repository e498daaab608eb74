#include <nlohmann/json.hpp>

#include "report_stream.h"

namespace accellab::detail {

namespace {

using Json = nlohmann::ordered_json;

// {"format": "accellab-report", "runs": [{"id", "name", "rows": [{column id: value}]}]}:
// numbers in SI units, null where nothing was measured. Written whole by finish().
class JsonReporter : public Reporter {
 public:
  JsonReporter(std::ostream& out, const ReportOptions& options)
      : out_(out), stream_(options), columns_(columnsIn(inFiles)) {}

  void begin(const Run& run) override {
    stream_.begin(run);
    runs_.push_back({{"id", run.id}, {"name", run.name}, {"rows", Json::array()}});
  }

  void point(const PointResult& result) override {
    const ReportRow row = stream_.add(result).row;
    Json cells = Json::object();
    for (const ReportColumn* column : columns_) {
      const std::string key(column->id);
      if (!column->kind) {
        cells[key] = column->text(row);
      } else if (const auto value = column->value(row)) {
        if (*column->kind == ValueKind::count)
          cells[key] = static_cast<std::uint64_t>(*value);
        else
          cells[key] = *value;
      } else {
        cells[key] = nullptr;
      }
    }
    runs_.back()["rows"].push_back(std::move(cells));
  }

  void end() override {}

  void finish() override {
    const Json document = {{"format", "accellab-report"}, {"runs", runs_}};
    out_ << document.dump(2) << "\n" << std::flush;
  }

 private:
  std::ostream& out_;
  ReportStream stream_;
  std::vector<const ReportColumn*> columns_;
  Json runs_ = Json::array();
};

}  // namespace

std::unique_ptr<Reporter> makeJsonReporter(std::ostream& out, const ReportOptions& options) {
  return std::make_unique<JsonReporter>(out, options);
}

}  // namespace accellab::detail
