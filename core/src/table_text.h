// Internal to core: how a cell is written in each table format, for every table printer.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "accellab/printable.h"
#include "accellab/report.h"

namespace accellab::detail {

// Every function here writes text through printable(): no cell can hold a control character,
// break its line or reorder what is shown.

// A CSV text cell (names, notes, reasons), quoted (RFC 4180) when it holds a comma or a quote;
// a line break is written as "\n", so that every row is one line. A text that begins with
// =, +, -, @, a tab or a carriage return (and is more than a lone "-") gets a leading apostrophe,
// as OWASP's CSV-injection guidance says: a spreadsheet shows it as text instead of running it as a
// formula. Numbers are written by exactNumber, never through here.
std::string csvCell(const std::string& text);
// The shortest text that reads back as the same double, whole numbers without exponent:
// files keep full precision. Empty for an infinity or NaN (the JSON's null): no "inf" cell.
std::string exactNumber(double value);
// The value as exactNumber, or an empty cell for none.
std::string exactNumber(const std::optional<double>& value);
// A Markdown table cell: pipes and backslashes escaped.
std::string markdownCell(const std::string& text);
// "| a | b |\n" of markdownCell()s.
std::string markdownLine(const std::vector<std::string>& cells);
// The columns a terminal gives the text: one per code point ("µs" and "±" take one each), two
// for East Asian wide and fullwidth characters (Chinese, Japanese, Korean, emoji), none for
// combining marks.
std::size_t displayWidth(const std::string& text);

// A console table line of cells under `columns` (anything with `consoleWidth` and `align`).
// Widths are fixed so that rows can be printed as they arrive; a longer cell pushes the rest
// of its row instead of being cut. Widths count what is printed, escapes included.
template <typename Column>
std::string alignedLine(const std::vector<const Column*>& columns,
                        const std::vector<std::string>& cells) {
  std::string line;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const std::string cell = printable(cells[i]);
    const std::size_t width = columns[i]->consoleWidth;
    const std::string padding(width - std::min(width, displayWidth(cell)), ' ');
    if (i != 0) line += "  ";
    line += columns[i]->align == Align::left ? cell + padding : padding + cell;
  }
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return line + "\n";
}

// "| :-- | --: |\n": Markdown's alignment row for `columns`.
template <typename Column>
std::string markdownAlignment(const std::vector<const Column*>& columns) {
  std::string line = "|";
  for (const Column* column : columns) line += column->align == Align::left ? " :-- |" : " --: |";
  return line + "\n";
}

}  // namespace accellab::detail
