// The SIMD inner loops without Google Highway: the compiler vectorizes them (`omp simd`)
// for the baseline ISA of the build, with no runtime dispatch.
#include "simd.h"

#include "add/add_verify.h"
#include "pi/pi_sampler.h"

namespace accellab::kernels::simd {
namespace {

// Without Highway there is no portable streaming store: every loop writes through the cache.
template <class T>
void addImpl(const T* in, T* out, std::size_t n) {
#pragma omp simd
  for (std::size_t i = 0; i < n; ++i) out[i] = in[i] + T(kAddend);
}

}  // namespace

void add(const float* in, float* out, std::size_t n, Stores) { addImpl(in, out, n); }
void add(const double* in, double* out, std::size_t n, Stores) { addImpl(in, out, n); }

void copy(const double* in, double* out, std::size_t n, Stores) {
#pragma omp simd
  for (std::size_t i = 0; i < n; ++i) out[i] = in[i];
}

std::uint64_t countOutside(std::uint64_t key, std::uint64_t begin, std::uint64_t end) {
  std::uint64_t count = 0;
#pragma omp simd reduction(+ : count)
  for (std::uint64_t i = begin; i < end; ++i) count += pi::outside(key, i);
  return count;
}

std::string targetName() { return "compiler SIMD"; }

std::vector<std::string> targetsAvailable() { return {}; }

Availability vectorizedAvailability() { return Availability::no("built without Google Highway"); }

}  // namespace accellab::kernels::simd
