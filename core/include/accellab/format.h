// One formatting of values by kind, shared by every reporter, the CLI and the GUI.
#pragma once

#include <cstdint>
#include <string>

namespace accellab {

enum class ValueKind {
  duration,    // seconds            -> "812 ns", "1.23 ms", "4.56 s"
  rate,        // items per second   -> "1.23 G/s"
  byteRate,    // bytes per second   -> "12.3 GB/s" (decimal, as bandwidths are quoted)
  bytes,       // bytes              -> "8.00 GiB" (binary, as memory is sized)
  percentage,  // fraction 0..1      -> "91.2 %"
  ratio,       // speedup            -> "12.3x"
  count,       // integer count      -> "1e10" style when round, else grouped digits
  probability, // p-value            -> "0.0079", "1.2e-07" (three significant digits)
};

std::string formatValue(double value, ValueKind kind);
// The count style of formatValue, exact for every 64-bit count ("1e10", "1,234,567").
std::string formatCount(std::uint64_t count);

}  // namespace accellab
