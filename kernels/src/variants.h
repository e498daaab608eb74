// The variants both kernels offer, and how a kernel turns a variant name into one it can run.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "accellab/kernel.h"

namespace accellab::kernels {

enum class Variant { loop, loopStrided, vectorized, parallel, gpu };

// The device a kernel's gpu variant runs on, and whether it can run there.
struct GpuTarget {
  int device = 0;
  Availability availability;
};

struct VariantSpec {
  Variant variant;
  const char* description;  // what this kernel's variant does
};

// The listing of `variants` for a KernelInfo, with what this build and machine can run.
std::vector<VariantInfo> describeVariants(std::span<const VariantSpec> variants,
                                          const Availability& gpu);

// The variant `name` of `kernel`. Throws std::runtime_error when it is unknown or
// unavailable here, with the reason.
Variant requireVariant(const KernelInfo& kernel, std::string_view name);

// The thread count a parallel run uses: `requested`, or every core when it is not positive.
int threadsFor(int requested);

}  // namespace accellab::kernels
