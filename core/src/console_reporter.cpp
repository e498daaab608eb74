#include <algorithm>

#include "accellab/format.h"
#include "accellab/printable.h"
#include "accellab/quality.h"
#include "accellab/rank_scaling.h"
#include "report_stream.h"
#include "table_text.h"

namespace accellab::detail {

namespace {

// "2 ranks 1.53x (76.5 %)" under strong scaling, "2 ranks 96.4 %" under weak; "3 ranks -" for a
// rank count without a time to hold against the line's 1-rank time.
std::string rankScalingText(const RankScalingPoint& point, Scaling scaling) {
  std::string text = std::to_string(point.ranks) + " ranks ";
  if (!point.efficiency || !point.speedup) return text + "-";
  const std::string efficiency = formatValue(*point.efficiency, ValueKind::percentage);
  if (scaling == Scaling::weak) return text + efficiency;
  return text + formatValue(*point.speedup, ValueKind::ratio) + " (" + efficiency + ")";
}

class ConsoleReporter : public Reporter {
 public:
  ConsoleReporter(std::ostream& out, const ReportOptions& options)
      : out_(out), options_(options), stream_(options) {}

  void begin(const Run& run) override {
    // The machine is introduced by the caller (the CLI prints a fuller summary than a
    // reporter could).
    stream_.begin(run);
    quality_ = run.settings.measure.quality;
    flagged_.clear();
    // A distributed run's points are kept for its rank scaling; another's are not even copied.
    run_ = stream_.distributed() ? run : Run{};
    run_.points.clear();
    variantWidth_ = 0;
    for (const std::string& name : options_.variants)
      variantWidth_ = std::max(variantWidth_, displayWidth(printable(name)));
    for (const PointResult& point : run.points)
      variantWidth_ = std::max(variantWidth_, displayWidth(printable(point.point.variant)));
    out_ << "\n" << printable(runHeading(run)) << "\n";
  }

  void point(const PointResult& result) override {
    const auto next = stream_.add(result);
    if (next.startsGroup) {
      columns_ = stream_.values().placedIn(consoleColumnsFor(next.row, stream_.distributed()));
      widenVariantColumn();
      std::vector<std::string> headers;
      for (const ReportColumn* column : columns_) headers.emplace_back(column->header);
      out_ << "\n" << printable(next.row.group) << "\n" << alignedLine(columns_, headers);
    }
    std::vector<std::string> cells;
    for (const ReportColumn* column : columns_) cells.push_back(column->text(next.row));
    out_ << alignedLine(columns_, cells) << std::flush;
    if (stream_.distributed()) run_.points.push_back(result);
    if (result.flags.any())
      flagged_.push_back(printable(describe(result.point)) + ": " + flagAdvice(result, quality_));
  }

  // Flags are explained once below the table, where they do not break its columns. The advice
  // holds no text from the session (its line breaks are its own).
  void end() override {
    writeRankScaling();
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
  // Rows are printed as they come, so the variant column is as wide as the longest variant
  // name known before them (a plugin's or a Python file's may be long), that of the run's
  // points or the one the run will measure.
  void widenVariantColumn() {
    const auto variant = std::find_if(columns_.begin(), columns_.end(),
                                      [](const ReportColumn* c) { return c->id == "variant"; });
    if (variant == columns_.end()) return;
    variantColumn_ = **variant;
    variantColumn_.consoleWidth = std::max(variantColumn_.consoleWidth, variantWidth_);
    *variant = &variantColumn_;
  }

  // The scaling the Rank scaling chart draws, for a run measured over several rank counts: a
  // cluster's user reads it here, where there is no desktop.
  void writeRankScaling() {
    // Only a distributed run keeps its points: another may have a hundred thousand.
    if (!stream_.distributed()) return;
    const std::vector<RankScalingLine> lines = rankScaling(run_, options_);
    if (lines.empty()) return;
    const Scaling scaling = scalingOf(run_);
    out_ << (scaling == Scaling::weak
                 ? "\nRank scaling (weak: efficiency t(1 rank) / t(N ranks), 100 % is ideal):\n"
                 : "\nRank scaling (strong: speedup over 1 rank, and efficiency, speedup / "
                   "ranks):\n");
    for (const RankScalingLine& line : lines) {
      out_ << "  " << printable(line.group) << (scaling == Scaling::weak ? " per rank" : "") << ", "
           << printable(line.variant) << ", " << line.threads
           << (line.threads == 1 ? " thread" : " threads") << " per rank:";
      if (!line.oneRankS) out_ << " no 1-rank time to compare with;";
      const char* separator = " ";
      for (const RankScalingPoint& point : line.points) {
        if (point.ranks == 1) continue;
        out_ << separator << rankScalingText(point, scaling);
        separator = ", ";
      }
      out_ << "\n";
    }
  }

  std::ostream& out_;
  ReportOptions options_;
  ReportStream stream_;
  std::vector<const ReportColumn*> columns_;
  ReportColumn variantColumn_{};
  std::size_t variantWidth_ = 0;
  QualityLimits quality_;
  std::vector<std::string> flagged_;
  Run run_;  // a distributed run's points so far: its rank scaling needs them all
};

}  // namespace

std::unique_ptr<Reporter> makeConsoleReporter(std::ostream& out, const ReportOptions& options) {
  return std::make_unique<ConsoleReporter>(out, options);
}

}  // namespace accellab::detail
