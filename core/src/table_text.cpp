#include "table_text.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <span>
#include <string_view>

#include "accellab/printable.h"

namespace accellab::detail {

std::string csvCell(const std::string& text) {
  std::string cell = printable(text);
  // A lone "-" (the placeholder of a value that does not apply) is no formula.
  if (cell.size() > 1 && std::string_view("=+-@\t\r").find(cell.front()) != std::string_view::npos)
    cell.insert(0, 1, '\'');
  if (cell.find_first_of(",\"") == std::string::npos) return cell;
  std::string quoted = "\"";
  for (char c : cell) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

std::string exactNumber(double value) {
  if (!std::isfinite(value)) return {};
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

namespace {

struct CodeRange {
  char32_t first, last;
};

// Unicode's East Asian Width W and F ranges (UAX #11), merged where neighbours allow.
constexpr CodeRange kWide[] = {
    {0x1100, 0x115F},   {0x231A, 0x231B},   {0x2329, 0x232A},   {0x23E9, 0x23EC},
    {0x2E80, 0x303E},   {0x3041, 0x33FF},   {0x3400, 0x4DBF},   {0x4E00, 0x9FFF},
    {0xA000, 0xA4CF},   {0xA960, 0xA97F},   {0xAC00, 0xD7A3},   {0xF900, 0xFAFF},
    {0xFE10, 0xFE19},   {0xFE30, 0xFE6F},   {0xFF00, 0xFF60},   {0xFFE0, 0xFFE6},
    {0x16FE0, 0x18CFF}, {0x1B000, 0x1B2FF}, {0x1F300, 0x1F64F}, {0x1F680, 0x1F6FF},
    {0x1F900, 0x1F9FF}, {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD},
};
// Combining marks, which take no column of their own.
constexpr CodeRange kCombining[] = {
    {0x0300, 0x036F}, {0x1AB0, 0x1AFF}, {0x1DC0, 0x1DFF}, {0x20D0, 0x20FF}, {0xFE20, 0xFE2F},
};

bool within(std::span<const CodeRange> ranges, char32_t c) {
  return std::ranges::any_of(ranges,
                             [c](const CodeRange& r) { return r.first <= c && c <= r.last; });
}

}  // namespace

std::size_t displayWidth(const std::string& text) {
  std::size_t width = 0;
  for (std::size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    // printable() text is valid UTF-8; a stray byte still counts as one column.
    const std::size_t length = lead < 0x80    ? 1
                               : lead >= 0xF0 ? 4
                               : lead >= 0xE0 ? 3
                               : lead >= 0xC0 ? 2
                                              : 1;
    char32_t c = length == 1 ? lead : lead & (0x7F >> length);
    for (std::size_t k = 1; k < length && i + k < text.size(); ++k)
      c = (c << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
    i += length;
    width += within(kCombining, c) ? 0 : within(kWide, c) ? 2 : 1;
  }
  return width;
}

}  // namespace accellab::detail
