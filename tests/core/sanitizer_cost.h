// What a sanitizer build adds to a stop's latency that no stop request can cut short.
#pragma once

#include <chrono>

namespace accellab::test {

// AddressSanitizer poisons and unpoisons the shadow of every allocation whole: allocating two
// 1 GiB arrays took 0.8 s and freeing them 0.8 s on the 2-core CI VM, measured. A stop-latency
// test of code that allocates that much (the bandwidth probe) adds this to its bound; other
// builds add nothing.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr std::chrono::milliseconds kSanitizerAllocationCost{2'000};
#else
inline constexpr std::chrono::milliseconds kSanitizerAllocationCost{0};
#endif

}  // namespace accellab::test
