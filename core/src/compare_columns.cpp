// The one description of the comparison table's columns.
#include <algorithm>
#include <array>

#include "accellab/compare_report.h"

namespace accellab {

namespace {

using Value = std::optional<double>;
using Row = ComparisonRow;

std::string shown(const Value& value, ValueKind kind) {
  return value ? formatValue(*value, kind) : "-";
}

Value median(const std::optional<ComparedSide>& side) {
  return side && side->medianS > 0 ? Value(side->medianS) : std::nullopt;
}

Value samples(const std::optional<ComparedSide>& side) {
  return side && side->status == PointStatus::ok ? Value(static_cast<double>(side->samples))
                                                 : std::nullopt;
}

std::string status(const std::optional<ComparedSide>& side) {
  return side ? std::string(toString(side->status)) : "-";
}

Value ciLow(const Row& row) { return row.ratioCi95 ? Value(row.ratioCi95->low) : std::nullopt; }
Value ciHigh(const Row& row) { return row.ratioCi95 ? Value(row.ratioCi95->high) : std::nullopt; }

// "2", or "1→2" for a row that pairs thread counts.
std::string threadsText(const Row& row) {
  std::string text = std::to_string(row.point.threads);
  if (row.baseSide && row.newSide && row.newSide->threads != row.point.threads)
    text += "\u2192" + std::to_string(row.newSide->threads);
  return text;
}

// Sorting by verdict puts what needs attention first.
Value verdictRank(const Row& row) {
  switch (row.verdict) {
    case Verdict::slower:
      return 0;
    case Verdict::faster:
      return 1;
    case Verdict::unchanged:
      return 2;
    case Verdict::notComparable:
      return 3;
    case Verdict::onlyInBase:
      return 4;
    case Verdict::onlyInNew:
      return 5;
  }
  return 6;
}

constexpr unsigned kShown = inConsole | inTable | inFiles;
constexpr unsigned kTableAndFiles = inTable | inFiles;
const std::optional<ValueKind> kText;
const auto kRatio = ValueKind::ratio;

const std::array<ComparisonColumn, 20> kColumns = {{
    {"kernel", "kernel", "", kText, Align::left, kTableAndFiles, 0,
     [](const Row& row) { return row.point.kernel; }, nullptr},
    {"problem", "problem", "", kText, Align::left, kTableAndFiles, 0,
     [](const Row& row) { return describe(row.point.params); },
     [](const Row& row) { return Value(static_cast<double>(problemSize(row.point.params))); }},
    {"size", "size", "", ValueKind::count, Align::right, inFiles, 0,
     [](const Row& row) { return formatCount(problemSize(row.point.params)); },
     [](const Row& row) { return Value(static_cast<double>(problemSize(row.point.params))); }},
    {"variant", "variant", "", kText, Align::left, kShown, 12,
     [](const Row& row) { return row.point.variant; }, nullptr},
    {"threads", "threads", "", ValueKind::count, Align::right, kShown, 7, threadsText,
     [](const Row& row) { return Value(row.point.threads); }},
    {"new_threads", "new threads", "", ValueKind::count, Align::right, inFiles, 0,
     [](const Row& row) { return row.newSide ? std::to_string(row.newSide->threads) : "-"; },
     [](const Row& row) { return row.newSide ? Value(row.newSide->threads) : std::nullopt; }},
    {"ranks", "ranks", "", ValueKind::count, Align::right, kShown | whenDistributed, 5,
     [](const Row& row) { return std::to_string(row.point.ranks); },
     [](const Row& row) { return Value(row.point.ranks); }},
    {"base_median_s", "base", "s", ValueKind::duration, Align::right, kShown, 9,
     [](const Row& row) { return shown(median(row.baseSide), ValueKind::duration); },
     [](const Row& row) { return median(row.baseSide); }},
    {"new_median_s", "new", "s", ValueKind::duration, Align::right, kShown, 9,
     [](const Row& row) { return shown(median(row.newSide), ValueKind::duration); },
     [](const Row& row) { return median(row.newSide); }},
    {"ratio", "new/base", "", kRatio, Align::right, kShown, 8,
     [](const Row& row) { return shown(row.ratio, kRatio); },
     [](const Row& row) { return row.ratio; }},
    {"ratio_ci95", "95 % CI", "", kText, Align::right, inConsole | inTable, 11,
     [](const Row& row) {
       return row.ratioCi95 ? formatValue(row.ratioCi95->low, kRatio) + "\u2013" +
                                  formatValue(row.ratioCi95->high, kRatio)
                            : "-";
     },
     ciLow},
    {"ratio_ci95_low", "CI low", "", kRatio, Align::right, inFiles, 0,
     [](const Row& row) { return shown(ciLow(row), kRatio); }, ciLow},
    {"ratio_ci95_high", "CI high", "", kRatio, Align::right, inFiles, 0,
     [](const Row& row) { return shown(ciHigh(row), kRatio); }, ciHigh},
    {"p_value", "p", "", ValueKind::probability, Align::right, kShown, 8,
     [](const Row& row) { return shown(row.pValue, ValueKind::probability); },
     [](const Row& row) { return row.pValue; }},
    {"base_samples", "base n", "", ValueKind::count, Align::right, kTableAndFiles, 0,
     [](const Row& row) { return shown(samples(row.baseSide), ValueKind::count); },
     [](const Row& row) { return samples(row.baseSide); }},
    {"new_samples", "new n", "", ValueKind::count, Align::right, kTableAndFiles, 0,
     [](const Row& row) { return shown(samples(row.newSide), ValueKind::count); },
     [](const Row& row) { return samples(row.newSide); }},
    {"base_status", "base status", "", kText, Align::left, inFiles, 0,
     [](const Row& row) { return status(row.baseSide); }, nullptr},
    {"new_status", "new status", "", kText, Align::left, inFiles, 0,
     [](const Row& row) { return status(row.newSide); }, nullptr},
    {"verdict", "verdict", "", kText, Align::left, kShown, 21,
     [](const Row& row) { return std::string(toString(row.verdict)); }, verdictRank},
    {"note", "note", "", kText, Align::left, kShown, 0, [](const Row& row) { return row.note; },
     nullptr},
}};

}  // namespace

std::span<const ComparisonColumn> comparisonColumns() { return kColumns; }

std::vector<const ComparisonColumn*> comparisonColumnsIn(ColumnPlace place, bool distributed) {
  std::vector<const ComparisonColumn*> columns;
  for (const ComparisonColumn& column : kColumns) {
    if ((column.places & place) && (distributed || !(column.places & whenDistributed)))
      columns.push_back(&column);
  }
  return columns;
}

bool isDistributed(std::span<const Comparison> comparisons) {
  return std::any_of(comparisons.begin(), comparisons.end(), [](const Comparison& comparison) {
    return std::any_of(comparison.rows.begin(), comparison.rows.end(),
                       [](const ComparisonRow& row) { return row.point.ranks != 1; });
  });
}

}  // namespace accellab
