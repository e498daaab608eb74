// What the SIMD loops share: how they write their output, the probe's copy, and the ISA they
// run on. Built on Google Highway (runtime dispatch to the best ISA of the CPU) when
// available, else on the compiler's `omp simd` for the baseline ISA. Each kernel's own SIMD
// loop lives in its folder (<kernel>_highway.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "accellab/kernel.h"

namespace accellab::kernels::simd {

// How a loop writes its output. Streaming (non-temporal) stores bypass the caches and skip
// the read-for-ownership of each output line: a third less memory traffic when the arrays
// are far larger than the last-level cache, a loss when they would have stayed in it.
enum class Stores { cached, streaming };

// Streaming when a loop touches at least `streamingFromBytes` (the machine's measured
// crossover, PrepareOptions); when that is 0, when it touches more than the last-level cache
// (sysconf, 32 MiB when unknown).
Stores storesFor(std::uint64_t bytesTouched, std::uint64_t streamingFromBytes);
// "streaming" or "cached", as KernelRun::stores() reports them.
std::string toString(Stores stores);
// What a variant's run reports as its stores: the choice for the variants that make one
// (those with `choosesStores`), nothing for the rest.
template <class Variant>
std::string storesReported(Stores stores) {
  if constexpr (requires { Variant::choosesStores; }) return toString(stores);
  return {};
}

// out[i] = in[i]: the STREAM copy that measures the bandwidth ceiling; any n, any alignment.
void copy(const double* in, double* out, std::size_t n, Stores stores);

// The instruction set these loops run on here: a Highway target name ("AVX3", "AVX2") or
// "compiler SIMD" when built without Highway.
std::string targetName();
// Highway targets this CPU supports, best first; empty when built without Highway.
std::vector<std::string> targetsAvailable();
// The vectorized variant needs Highway: "built without Google Highway" otherwise.
Availability vectorizedAvailability();

}  // namespace accellab::kernels::simd
