// Judging a pi run: the estimate from its hit count, and whether it lies within 5 standard
// errors of pi. Shared by the CPU and GPU runs.
#pragma once

#include <cstdint>

#include "accellab/kernel.h"

namespace accellab::kernels {

// fingerprint = hits, so the runner can check every variant drew the same samples.
Verification verifyPi(std::uint64_t hits, std::uint64_t samples);

}  // namespace accellab::kernels
