// The GPU architectures this build embeds code for, in words, for the reason a device that
// has none of them cannot run the gpu variants. Plain C++.
#pragma once

#include <string>
#include <string_view>

namespace accellab::kernels::cuda {

// CMake's CUDA_ARCHITECTURES of this build, as configured ("75-real;80-real;...;120").
std::string_view embeddedArchitectures();

// A CUDA_ARCHITECTURES list (entries split at ';' or ',') in compute capabilities:
// "75-real;90a-real;120" -> "7.5, 9.0a, 12.0 and PTX 12.0". Entries that name no
// architecture ("native", "all") are kept as written.
std::string describeArchitectures(std::string_view architectures);

// Why a device of `computeCapability` ("7.0") cannot run a build for `architectures`.
std::string missingImageReason(std::string_view computeCapability, std::string_view architectures);

}  // namespace accellab::kernels::cuda
