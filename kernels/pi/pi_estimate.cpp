#include "pi_estimate.h"

#include <cmath>
#include <cstdio>
#include <numbers>
#include <string>

namespace accellab::kernels {

Verification verifyPi(std::uint64_t hits, std::uint64_t samples) {
  constexpr double kTolerance = 5;  // standard errors
  const double n = static_cast<double>(samples);
  const double estimate = 4 * static_cast<double>(hits) / n;
  // A hit is Bernoulli(p), p = pi/4: the estimate's standard error is 4 sqrt(p(1-p)/N).
  const double p = std::numbers::pi / 4;
  const double standardError = 4 * std::sqrt(p * (1 - p) / n);
  const double deviation = std::abs(estimate - std::numbers::pi) / standardError;
  char text[128];
  std::snprintf(text, sizeof text, "%llu hits, pi ~ %.8f (%.1f SE)",
                static_cast<unsigned long long>(hits), estimate, deviation);
  Verification result;
  result.ok = deviation <= kTolerance;
  result.detail = text;
  if (!result.ok) result.detail += ": more than 5 SE from pi";
  result.fingerprint = hits;
  return result;
}

}  // namespace accellab::kernels
