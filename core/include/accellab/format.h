// One formatting of values by kind, shared by every reporter, the CLI and the GUI.
#pragma once

#include <cstdint>
#include <string>

namespace accellab {

enum class ValueKind {
  duration,     // seconds            -> "812 ns", "1.23 ms", "4.56 s"
  rate,         // items per second   -> "1.23 G/s"
  byteRate,     // bytes per second   -> "12.3 GB/s" (decimal, as bandwidths are quoted)
  flopRate,     // FLOPs per second   -> "12.3 GFLOP/s"
  intensity,    // FLOPs per byte     -> "0.125 FLOP/B" (the roofline's x axis)
  bytes,        // bytes              -> "8.00 GiB" (binary, as memory is sized)
  percentage,   // fraction 0..1      -> "91.2 %"
  ratio,        // speedup            -> "12.3x"
  count,        // integer count      -> "1e10" style when round, else grouped digits
  probability,  // p-value            -> "0.0079", "1.2e-07" (three significant digits)
  number,       // a plain number     -> "12", "0.84", "0.0625", "84.5", "1.23e9" (a kernel's
                //                       reported value: its unit is in the column's header)
};

// Three significant digits in the unit that keeps the number below 1000. Past the largest
// unit whole digits up to 999999 ("1234 s"), then scientific notation in the SI base unit
// ("1.00e300 /s", "1.00e6x"); a value too small to show in the smallest unit likewise
// ("1.00e-300 s"; "0.0 %" stays a percentage). Counts past 2^64 in their own style
// ("1e300"). A negative value is the positive one with "-"; NaN is "n/a", infinity "inf".
std::string formatValue(double value, ValueKind kind);
// The count style of formatValue, exact for every 64-bit count ("1e10", "1,234,567").
std::string formatCount(std::uint64_t count);

}  // namespace accellab
