#include "accellab/registry.h"

#include <stdexcept>

namespace accellab {

void Registry::add(std::unique_ptr<Kernel> kernel) {
  if (!kernel) throw std::invalid_argument("cannot register a null kernel");
  if (find(kernel->info().name))
    throw std::invalid_argument("kernel '" + kernel->info().name + "' is already registered");
  kernels_.push_back(std::move(kernel));
}

const Kernel* Registry::find(std::string_view name) const {
  for (const auto& kernel : kernels_)
    if (kernel->info().name == name) return kernel.get();
  return nullptr;
}

std::vector<const Kernel*> Registry::kernels() const {
  std::vector<const Kernel*> all;
  all.reserve(kernels_.size());
  for (const auto& kernel : kernels_) all.push_back(kernel.get());
  return all;
}

}  // namespace accellab
