#include "variants.h"

#include <omp.h>

#include <array>
#include <stdexcept>
#include <string>

#include "cpu/simd.h"

namespace accellab::kernels {
namespace {

struct Description {
  Variant variant;
  const char* name;
  const char* text;
};

constexpr std::array kDescriptions{
    Description{Variant::loop, "loop", "scalar triple loop z, y, x; compiler vectorization off"},
    Description{Variant::loopStrided, "loop-strided",
                "scalar loop with x outermost: every access jumps a whole row plane"},
    Description{Variant::vectorized, "vectorized",
                "Google Highway SIMD, one thread, best ISA of this CPU"},
    Description{Variant::parallel, "parallel", "OpenMP threads, each running the SIMD loop"},
    Description{Variant::gpu, "gpu", "CUDA kernel; transfers timed separately"},
};

const Description& descriptionOf(Variant variant) {
  for (const auto& description : kDescriptions) {
    if (description.variant == variant) return description;
  }
  throw std::logic_error("variant without a description");
}

}  // namespace

std::vector<VariantInfo> describeVariants(std::span<const Variant> variants,
                                          const Availability& gpu) {
  std::vector<VariantInfo> infos;
  for (const Variant variant : variants) {
    const Description& description = descriptionOf(variant);
    VariantInfo info;
    info.name = description.name;
    info.description = description.text;
    info.usesThreads = variant == Variant::parallel;
    info.onDevice = variant == Variant::gpu;
    if (variant == Variant::vectorized) info.availability = simd::vectorizedAvailability();
    if (variant == Variant::gpu) info.availability = gpu;
    infos.push_back(std::move(info));
  }
  return infos;
}

Variant requireVariant(const KernelInfo& kernel, std::string_view name) {
  const VariantInfo* info = kernel.variant(name);
  if (info == nullptr) {
    throw std::runtime_error(kernel.name + " has no variant '" + std::string(name) + "'");
  }
  if (!info->availability.available) {
    throw std::runtime_error(kernel.name + " " + info->name + ": " + info->availability.reason);
  }
  for (const auto& description : kDescriptions) {
    if (name == description.name) return description.variant;
  }
  throw std::logic_error("registered variant without a description");
}

int threadsFor(int requested) { return requested > 0 ? requested : omp_get_max_threads(); }

}  // namespace accellab::kernels
