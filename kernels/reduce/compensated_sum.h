// A running sum with the exact rounding error of each addition kept beside it (Knuth's
// TwoSum, branch-free, so SIMD lanes and GPU threads run it as the scalar code does). Every
// variant of reduce accumulates and merges its partial sums this way, in any order: the
// result is within a few units of roundoff of the exact sum, not n of them.
#pragma once

#include "arrays/host_device.h"

namespace accellab::kernels::reduce {

template <class T>
struct CompensatedSum {
  T sum = 0;
  T compensation = 0;  // the rounding errors of the additions into sum, summed

  ACCELLAB_HOST_DEVICE void add(T x) {
    const T total = sum + x;
    const T fromX = total - sum;
    const T fromSum = total - fromX;
    compensation += (sum - fromSum) + (x - fromX);
    sum = total;
  }
  ACCELLAB_HOST_DEVICE void merge(const CompensatedSum& other) {
    add(other.sum);
    compensation += other.compensation;
  }
  ACCELLAB_HOST_DEVICE T value() const { return sum + compensation; }
};

}  // namespace accellab::kernels::reduce
