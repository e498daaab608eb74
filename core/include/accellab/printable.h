// Text that came from a file (names, host and CPU, warnings, reasons) as every printer writes
// it: a session or Google Benchmark file must not be able to clear a terminal, forge a line
// of a table or reorder what is shown.
#pragma once

#include <string>
#include <string_view>

namespace accellab {

// `text` with what a terminal or a table would act on instead of show written as a visible
// escape: line feed, carriage return and tab as "\n", "\r", "\t"; other C0 controls and DEL
// as "\x1B"; C1 controls, the line and paragraph separators and the bidirectional marks,
// embeddings, overrides and isolates as "\u202E"; a byte that is not UTF-8 as "\xFF".
// Everything else, backslashes included, is kept as it is; printable ASCII costs a copy.
std::string printable(std::string_view text);

// `text` with each byte that is not part of well-formed UTF-8 replaced by U+FFFD: what a JSON
// file holds as it was given (a program's output, which may be any bytes).
std::string wellFormedUtf8(std::string_view text);

}  // namespace accellab
