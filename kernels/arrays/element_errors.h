// The skeleton of a verification over an output's elements: each element's error against the
// reference, on threads that end with it (untimed_threads.h); how many fail, the first that does
// and the worst error of those that pass; and the sentence a failure reads as. Each kernel's check
// says only what an element's error is and how much it tolerates.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "arrays/array_data.h"
#include "arrays/untimed_threads.h"

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
  const int shares = untimedShares(n);
  std::vector<ElementErrors> found(static_cast<std::size_t>(shares), ElementErrors{0, n, 0});
  forEachUntimedShare(n, shares, [&](int share, std::int64_t from, std::int64_t to) {
    ElementErrors& mine = found[static_cast<std::size_t>(share)];
    for (std::int64_t i = from; i < to; ++i) {
      const double e = error(i);
      if (!(e <= tolerance)) {
        if (mine.failed++ == 0) mine.first = i;
      } else {
        mine.worst = e > mine.worst ? e : mine.worst;
      }
    }
  });
  ElementErrors all{0, n, 0};
  for (const ElementErrors& share : found) {
    all.failed += share.failed;
    all.first = std::min(all.first, share.first);
    all.worst = std::max(all.worst, share.worst);
  }
  return all;
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
