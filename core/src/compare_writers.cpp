// The printers of comparisons: console, CSV, Markdown and JSON, all from comparisonColumns().
#include <nlohmann/json.hpp>
#include <sstream>

#include "accellab/compare_report.h"
#include "accellab/printable.h"
#include "report_stream.h"
#include "table_text.h"

namespace accellab {

namespace {

using Json = nlohmann::ordered_json;
using Columns = std::vector<const ComparisonColumn*>;

// "base.json, run 1 "2026-12-01 10:00 add 3 sizes × 5 variants", created 2026-12-01T10:00:00Z"
std::string runText(const ComparedRun& run) {
  std::string text = run.source.empty() ? "" : run.source + ", ";
  text += "run " + std::to_string(run.id);
  if (!run.name.empty()) text += " \"" + run.name + "\"";
  if (!run.created.empty()) text += ", created " + run.created;
  return text;
}

// How the table was made, with this comparison's numbers: "Label: text" lines.
std::vector<std::pair<std::string, std::string>> aboutLines(const Comparison& comparison) {
  const CompareOptions& options = comparison.options;
  std::ostringstream rule;
  rule << "faster or slower when p < " << options.alpha << " (Mann-Whitney U), |new/base - 1| > "
       << formatValue(options.threshold, ValueKind::percentage)
       << " and the 95 % interval excludes 1";
  std::ostringstream times;
  times << (options.time == CompareTime::cpu
                ? "medians of the CPU time per run of the stored samples (the process that ran "
                  "the code, every thread); interval from "
                : "medians of the stored samples (gpu points: the kernel alone); interval from ")
        << options.resamples << " bootstrap resamples, seed " << options.seed;
  std::vector<std::pair<std::string, std::string>> lines = {{"Base", runText(comparison.baseRun)},
                                                            {"New", runText(comparison.newRun)},
                                                            {"Verdict", rule.str()},
                                                            {"Times", times.str()}};
  for (const std::string& warning : comparison.warnings) lines.emplace_back("Warning", warning);
  return lines;
}

std::vector<std::string> cellsOf(const Columns& columns, const ComparisonRow& row) {
  std::vector<std::string> cells;
  for (const ComparisonColumn* column : columns) cells.push_back(column->text(row));
  return cells;
}

std::vector<std::string> headersOf(const Columns& columns) {
  std::vector<std::string> headers;
  for (const ComparisonColumn* column : columns) headers.emplace_back(column->header);
  return headers;
}

// A file cell: the raw number of columns with a kind (empty when none), the text otherwise.
std::optional<std::string> rawText(const ComparisonColumn& column, const ComparisonRow& row) {
  if (!column.kind) return column.text(row);
  if (const auto value = column.value(row)) return detail::exactNumber(*value);
  return std::nullopt;
}

// A CSV cell: text through csvCell (quoted, formulas neutralised), numbers as they are.
std::string csvCellOf(const ComparisonColumn& column, const ComparisonRow& row) {
  if (column.kind) return rawText(column, row).value_or("");
  return detail::csvCell(column.text(row));
}

// Calls `heading(group)` before the first row of each run of rows sharing kernel and problem,
// then `line(row)`.
template <typename Heading, typename Line>
void grouped(const std::vector<ComparisonRow>& rows, Heading heading, Line line) {
  std::string current;
  for (const ComparisonRow& row : rows) {
    const std::string group = detail::reportGroup(row.point);
    if (group != current) heading(group);
    current = group;
    line(row);
  }
}

void writeConsole(std::ostream& out, std::span<const Comparison> comparisons) {
  const Columns columns = comparisonColumnsIn(inConsole, isDistributed(comparisons));
  for (const Comparison& comparison : comparisons) {
    if (&comparison != &comparisons.front()) out << "\n";
    for (const auto& [label, text] : aboutLines(comparison))
      out << label << ":" << std::string(9 - label.size(), ' ') << printable(text) << "\n";
    grouped(
        comparison.rows,
        [&](const std::string& group) {
          out << "\n"
              << printable(group) << "\n"
              << detail::alignedLine(columns, headersOf(columns));
        },
        [&](const ComparisonRow& row) {
          out << detail::alignedLine(columns, cellsOf(columns, row));
        });
    out << "\nSummary: " << printable(summaryText(comparison)) << "\n";
  }
}

void writeCsv(std::ostream& out, std::span<const Comparison> comparisons) {
  const Columns columns = comparisonColumnsIn(inFiles, isDistributed(comparisons));
  out << "base,new";
  for (const ComparisonColumn* column : columns) out << "," << column->id;
  out << "\n";
  for (const Comparison& comparison : comparisons) {
    const std::string runs = detail::csvCell(comparison.baseRun.source) + "," +
                             detail::csvCell(comparison.newRun.source);
    for (const ComparisonRow& row : comparison.rows) {
      out << runs;
      for (const ComparisonColumn* column : columns) out << "," << csvCellOf(*column, row);
      out << "\n";
    }
  }
}

void writeMarkdown(std::ostream& out, std::span<const Comparison> comparisons) {
  const Columns columns = comparisonColumnsIn(inConsole, isDistributed(comparisons));
  out << "# AccelLab comparison\n";
  for (const Comparison& comparison : comparisons) {
    out << "\n## " << detail::markdownCell(comparison.newRun.source) << " against "
        << detail::markdownCell(comparison.baseRun.source) << "\n\n";
    for (const auto& [label, text] : aboutLines(comparison))
      out << "- **" << label << ":** " << detail::markdownCell(text) << "\n";
    grouped(
        comparison.rows,
        [&](const std::string& group) {
          out << "\n### " << detail::markdownCell(group) << "\n\n"
              << detail::markdownLine(headersOf(columns)) << detail::markdownAlignment(columns);
        },
        [&](const ComparisonRow& row) { out << detail::markdownLine(cellsOf(columns, row)); });
    out << "\nSummary: " << detail::markdownCell(summaryText(comparison)) << "\n";
  }
}

Json runJson(const ComparedRun& run) {
  return {{"source", run.source}, {"id", run.id}, {"name", run.name}, {"created", run.created}};
}

void writeJson(std::ostream& out, std::span<const Comparison> comparisons) {
  const Columns columns = comparisonColumnsIn(inFiles, isDistributed(comparisons));
  Json list = Json::array();
  for (const Comparison& comparison : comparisons) {
    const CompareOptions& options = comparison.options;
    Json summary = Json::object();
    for (Verdict verdict : kVerdicts)
      summary[std::string(toString(verdict))] = countOf(comparison, verdict);
    Json rows = Json::array();
    for (const ComparisonRow& row : comparison.rows) {
      Json cells = Json::object();
      for (const ComparisonColumn* column : columns) {
        const std::string key(column->id);
        if (!column->kind) {
          cells[key] = column->text(row);
        } else if (const auto value = column->value(row)) {
          // Counts as JSON integers, as they are.
          cells[key] = column->kind == ValueKind::count ? Json(std::llround(*value)) : Json(*value);
        } else {
          cells[key] = nullptr;
        }
      }
      rows.push_back(std::move(cells));
    }
    list.push_back({{"base", runJson(comparison.baseRun)},
                    {"new", runJson(comparison.newRun)},
                    {"options",
                     {{"time", toString(options.time)},
                      {"alpha", options.alpha},
                      {"threshold", options.threshold},
                      {"seed", options.seed},
                      {"resamples", options.resamples}}},
                    {"warnings", comparison.warnings},
                    {"summary", std::move(summary)},
                    {"rows", std::move(rows)}});
  }
  const Json document = {{"format", "accellab-comparison"}, {"version", 1}, {"comparisons", list}};
  // Text a file may hold that is not UTF-8 is written with U+FFFD in its place, not refused.
  out << document.dump(2, ' ', false, Json::error_handler_t::replace) << "\n";
}

}  // namespace

void writeComparisons(std::ostream& out, ReportFormat format,
                      std::span<const Comparison> comparisons) {
  switch (format) {
    case ReportFormat::console:
      writeConsole(out, comparisons);
      break;
    case ReportFormat::csv:
      writeCsv(out, comparisons);
      break;
    case ReportFormat::markdown:
      writeMarkdown(out, comparisons);
      break;
    case ReportFormat::json:
      writeJson(out, comparisons);
      break;
  }
  out << std::flush;
}

}  // namespace accellab
