#include <charconv>

#include "report_stream.h"

namespace accellab::detail {

namespace {

// Raw values in SI units: seconds, per second, bytes.
constexpr std::string_view kHeader =
    "kernel,problem,size,variant,threads,status,reason,median_s,mad_s,min_s,mean_s,stddev_s,"
    "ci95_low_s,ci95_high_s,outliers,samples,runs_per_sample,first_call_s,elements,bytes,"
    "elements_per_s,bytes_per_s,ceiling_fraction,speedup,verified,isa,gpu_kernel_s,gpu_h2d_s,"
    "gpu_d2h_s,gpu_end_to_end_s\n";

std::string quoted(const std::string& cell) {
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

std::string number(const std::optional<double>& value) { return value ? number(*value) : ""; }

class CsvReporter : public Reporter {
 public:
  CsvReporter(std::ostream& out, const ReportOptions& options) : out_(out), stream_(options) {}

  void begin(const SystemInfo& system) override {
    stream_.setCeilings(ceilingsOf(system));
    out_ << kHeader;
  }

  void point(const PointResult& r) override {
    const ReportRow row = stream_.add(r).row;
    const Statistics& s = r.stats;
    const auto gpu = [&](double GpuTiming::*field) {
      return r.gpu ? number((*r.gpu).*field) : std::string();
    };
    const std::vector<std::string> cells = {r.point.kernel,
                                            describe(r.point.params),
                                            std::to_string(problemSize(r.point.params)),
                                            r.point.variant,
                                            std::to_string(r.point.threads),
                                            std::string(toString(r.status)),
                                            r.reason,
                                            number(s.medianS),
                                            number(s.madS),
                                            number(s.minS),
                                            number(s.meanS),
                                            number(s.stddevS),
                                            number(s.ci95LowS),
                                            number(s.ci95HighS),
                                            std::to_string(s.outliers),
                                            std::to_string(r.samplesS.size()),
                                            std::to_string(r.runsPerSample),
                                            number(r.firstCallS),
                                            std::to_string(r.elements),
                                            std::to_string(r.bytes),
                                            number(r.elementsPerS),
                                            number(r.bytesPerS),
                                            number(row.ceilingFraction),
                                            number(row.speedup),
                                            r.verified ? "true" : "false",
                                            r.isa,
                                            gpu(&GpuTiming::kernelS),
                                            gpu(&GpuTiming::h2dS),
                                            gpu(&GpuTiming::d2hS),
                                            gpu(&GpuTiming::endToEndS)};
    for (std::size_t i = 0; i < cells.size(); ++i) out_ << (i == 0 ? "" : ",") << quoted(cells[i]);
    out_ << "\n";
  }

  void end() override { out_ << std::flush; }

 private:
  std::ostream& out_;
  ReportStream stream_;
};

}  // namespace

std::unique_ptr<Reporter> makeCsvReporter(std::ostream& out, const ReportOptions& options) {
  return std::make_unique<CsvReporter>(out, options);
}

}  // namespace accellab::detail
