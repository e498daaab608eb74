// The one rule for skipped points in tests: a point may be skipped only when its variant
// reports itself unavailable, and then for exactly that reason. A test that accepted any
// skip would pass while the desktop app skipped every gpu point on a machine with a GPU.
#pragma once

#include <string>

#include "accellab/registry.h"
#include "accellab/result.h"

namespace accellab::test {

// Empty when `result` is ok, or skipped because its variant is unavailable here; otherwise
// what is wrong with it.
inline std::string unexpectedOutcome(const Registry& registry, const PointResult& result) {
  const std::string name = describe(result.point);
  if (result.status == PointStatus::ok) return {};
  if (result.status != PointStatus::skipped)
    return name + " is " + std::string(toString(result.status)) + ": " + result.reason;
  const Kernel* kernel = registry.find(result.point.kernel);
  const VariantInfo* variant = kernel ? kernel->info().variant(result.point.variant) : nullptr;
  if (!variant || variant->availability.available)
    return name + " was skipped although its variant is available: " + result.reason;
  if (variant->availability.reason != result.reason)
    return name + " was skipped for '" + result.reason + "', not for its variant's reason '" +
           variant->availability.reason + "'";
  return {};
}

}  // namespace accellab::test
