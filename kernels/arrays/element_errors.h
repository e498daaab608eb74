// The skeleton of a verification over an output's elements: each element's error against the
// reference, on OpenMP threads; how many fail, the first that does and the worst error of
// those that pass; and the sentence a failure reads as. Each kernel's check says only what an
// element's error is and how much it tolerates.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "arrays/array_data.h"

namespace accellab::kernels {

struct ElementErrors {
  std::int64_t failed = 0;
  std::int64_t first = 0;  // the first failure's index (the element count when none failed)
  double worst = 0;        // the largest error of the elements that passed
};

// `error(i)`: element i's error, in the check's own unit (ulps, a relative error, 0 or
// infinity for an exact one). It fails above `tolerance`, or when NaN (a poisoned output).
template <class Error>
ElementErrors elementErrors(std::int64_t n, double tolerance, Error&& error) {
  std::int64_t first = n;
  std::int64_t failed = 0;
  double worst = 0;
#pragma omp parallel for schedule(static) reduction(min : first) reduction(+ : failed) \
    reduction(max : worst)
  for (std::int64_t i = 0; i < n; ++i) {
    const double e = error(i);
    if (!(e <= tolerance)) {
      ++failed;
      first = i < first ? i : first;
    } else {
      worst = e > worst ? e : worst;
    }
  }
  return {failed, first, worst};
}

// "3 of 100 elements differ; first at [0][1][2]: got 1.5, expected 2": `failing` says how the
// failures fail ("elements differ", "points differ beyond 2 ulp"), `where` names the first.
inline std::string failureText(const ElementErrors& errors, std::int64_t n,
                               std::string_view failing, const std::string& where, double got,
                               double expected) {
  return std::to_string(errors.failed) + " of " + std::to_string(n) + " " + std::string(failing) +
         "; first at " + where + ": got " + exactText(got) + ", expected " + exactText(expected);
}

}  // namespace accellab::kernels
