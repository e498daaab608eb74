// An asv-style Python benchmark file's benchmarks as Kernels (docs/python.md). The benchmarks
// whose parameter axes have the same names are one kernel, each of them a variant, so that
// the charts and speedups compare them; a file whose benchmarks share their axes (or have
// none) is one kernel named after the file. Every point is measured in a Python child of its
// own, so a crash or a hang in the user's code costs that point alone.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "accellab/kernel.h"
#include "asv_listing.h"

namespace accellab::kernels {

// The kernels of `listing`, run with `interpreter`: each kernel the accellab module declares
// (its reference the first variant), then the other benchmarks grouped by their axes' names.
// The benchmarks the child cannot measure (mem_, track_, wrong arguments, a kernel's second
// reference) are variants of the first kernel, unavailable with the reason and left out of
// default experiments. With `chosen`, only the benchmarks it takes (by asv's
// name), the kernels named as for the whole file; none when nothing is left.
std::vector<std::unique_ptr<Kernel>> makeAsvKernels(
    const AsvListing& listing, const std::string& interpreter,
    const std::function<bool(const std::string&)>& chosen = {});

}  // namespace accellab::kernels
