// Comparisons as tables: one description of the columns, read by the console, CSV, Markdown
// and JSON printers here and by the desktop app's Compare tab.
#pragma once

#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "accellab/compare.h"
#include "accellab/report.h"

namespace accellab {

// One column of the comparison table, as ReportColumn is one of the results table. The
// console and Markdown name kernel and problem in headings above each group of rows.
struct ComparisonColumn {
  std::string_view id;      // CSV header and JSON key: "ratio"
  std::string_view header;  // console, Markdown and GUI header: "new/base"
  std::string_view unit;    // SI unit of value(): "s", "" for none
  // How text() formats value(); none for a text column, whose value() (if any) is only its
  // sort key ("verdict" sorts slower first).
  std::optional<ValueKind> kind;
  Align align;
  unsigned places;           // ColumnPlace bits
  std::size_t consoleWidth;  // 0: as wide as the cell
  // The cell as shown; "-" when there is no value. "threads" shows both sides' counts where
  // they differ ("1→2"), its value is the base's.
  std::string (*text)(const ComparisonRow&);
  // The raw number behind the cell, in `unit`: the sort key, and what CSV and JSON write
  // for columns with a kind; none for a cell without a value.
  std::optional<double> (*value)(const ComparisonRow&);
};
std::span<const ComparisonColumn> comparisonColumns();
// The columns with `place` among their places, in order; the `whenDistributed` ones (ranks)
// only when `distributed`.
std::vector<const ComparisonColumn*> comparisonColumnsIn(ColumnPlace place,
                                                         bool distributed = false);
// Whether a row of the comparisons is a point of more than one rank: their tables show ranks.
bool isDistributed(std::span<const Comparison> comparisons);

// Writes the comparisons whole, in order:
// - console: per comparison the two runs, the rule, warnings, a table per kernel and
//   problem, and the count of each verdict;
// - CSV: one header, a row per point, the first two columns naming the compared runs;
// - Markdown: the console's content as headings, lists and tables;
// - JSON: {"format": "accellab-comparison", "version": 1, "comparisons": [{"base", "new",
//   "options", "warnings", "summary", "rows": [{column id: value}]}]}, numbers in SI units
//   and null where there is no value.
void writeComparisons(std::ostream& out, ReportFormat format,
                      std::span<const Comparison> comparisons);

}  // namespace accellab
