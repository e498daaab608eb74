// The set of kernels this build offers.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "accellab/kernel.h"

namespace accellab {

class Registry {
 public:
  // Throws std::invalid_argument when a kernel of the same name is already registered.
  void add(std::unique_ptr<Kernel> kernel);
  const Kernel* find(std::string_view name) const;  // nullptr when unknown
  std::vector<const Kernel*> kernels() const;       // in registration order

 private:
  std::vector<std::unique_ptr<Kernel>> kernels_;
};

}  // namespace accellab
