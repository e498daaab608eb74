#include "variants.h"

#include <omp.h>

#include <array>
#include <stdexcept>
#include <string>

#include "cpu/simd.h"

namespace accellab::kernels {
namespace {

struct Name {
  Variant variant;
  const char* name;
};

constexpr std::array kNames{
    Name{Variant::loop, "loop"},
    Name{Variant::loopStrided, "loop-strided"},
    Name{Variant::vectorized, "vectorized"},
    Name{Variant::parallel, "parallel"},
    Name{Variant::gpu, "gpu"},
};

const char* nameOf(Variant variant) {
  for (const Name& name : kNames) {
    if (name.variant == variant) return name.name;
  }
  throw std::logic_error("variant without a name");
}

}  // namespace

std::vector<VariantInfo> describeVariants(std::span<const VariantSpec> variants,
                                          const Availability& gpu) {
  std::vector<VariantInfo> infos;
  for (const auto& [variant, description] : variants) {
    VariantInfo info;
    info.name = nameOf(variant);
    info.description = description;
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
  for (const Name& known : kNames) {
    if (name == known.name) return known.variant;
  }
  throw std::logic_error("registered variant without a name");
}

int threadsFor(int requested) { return requested > 0 ? requested : omp_get_max_threads(); }

}  // namespace accellab::kernels
