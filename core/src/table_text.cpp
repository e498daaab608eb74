#include "table_text.h"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "accellab/printable.h"

namespace accellab::detail {

std::string csvCell(const std::string& text) {
  std::string cell = printable(text);
  if (cell.find_first_of(",\"") == std::string::npos) return cell;
  std::string quoted = "\"";
  for (char c : cell) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

std::string exactNumber(double value) {
  char text[32];
  // Whole numbers as integers ("1000000", not "1e+06"): counts read as counts.
  const bool whole = std::abs(value) < 0x1p53 && value == std::trunc(value);
  const auto end =
      whole ? std::to_chars(text, text + sizeof text, value, std::chars_format::fixed).ptr
            : std::to_chars(text, text + sizeof text, value).ptr;
  return std::string(text, end);
}

std::string exactNumber(const std::optional<double>& value) {
  return value ? exactNumber(*value) : "";
}

std::string markdownCell(const std::string& text) {
  std::string cell;
  for (char c : printable(text)) {
    // A backslash is escaped too: "\\|" would escape the backslash and end the cell.
    if (c == '|' || c == '\\') cell += '\\';
    cell += c;
  }
  return cell;
}

std::string markdownLine(const std::vector<std::string>& cells) {
  std::string line = "|";
  for (const auto& cell : cells) line.append(" ").append(markdownCell(cell)).append(" |");
  return line + "\n";
}

std::size_t displayWidth(const std::string& text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

}  // namespace accellab::detail
