#include "matmul_verify.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "arrays/array_data.h"
#include "arrays/untimed_threads.h"

namespace accellab::kernels::matmul {
namespace {

// The stream of Freivalds' vector; A and B take streams 0 and 1 of the same seed.
constexpr std::uint64_t kCheckStream = 2;

using Exact = long double;

// |got - exact| / exact, infinite for a NaN or infinite got (exact > 0: positive inputs).
double relativeError(Exact got, Exact exact) {
  const Exact error = std::fabs(got - exact) / exact;
  return std::isfinite(error) ? static_cast<double>(error)
                              : std::numeric_limits<double>::infinity();
}

std::string shortText(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", value);
  return text;
}

// The worst element of those compared, and how many are out of tolerance.
struct ElementCheck {
  std::uint64_t compared = 0;
  std::uint64_t bad = 0;
  std::uint64_t firstBad = std::numeric_limits<std::uint64_t>::max();  // i * n + j
  double worst = 0;
};

template <class T>
ElementCheck checkElements(std::span<const T> a, std::span<const T> b, std::span<const T> c,
                           std::size_t n, double tolerance) {
  const auto rows = static_cast<std::int64_t>(n);
  // A row checks about n products (every one of n on the first and last).
  const int shares = untimedShares(rows, std::max<std::int64_t>(1, kUntimedItemsPerThread / rows));
  std::vector<ElementCheck> found(static_cast<std::size_t>(shares));
  forEachUntimedShare(rows, shares, [&](int share, std::int64_t from, std::int64_t to) {
    ElementCheck& mine = found[static_cast<std::size_t>(share)];
    for (std::int64_t row = from; row < to; ++row) {
      const auto i = static_cast<std::size_t>(row);
      const auto judge = [&](std::size_t j, Exact exact) {
        const double error = relativeError(c[i * n + j], exact);
        ++mine.compared;
        mine.worst = std::max(mine.worst, error);
        if (!(error <= tolerance)) {
          ++mine.bad;
          mine.firstBad = std::min<std::uint64_t>(mine.firstBad, i * n + j);
        }
      };
      if (n <= kEveryElementUpTo || i == 0 || i == n - 1) {
        std::vector<Exact> exact(n, 0);  // row i of A*B, summed along B's rows
        for (std::size_t k = 0; k < n; ++k) {
          const Exact aik = a[i * n + k];
          for (std::size_t j = 0; j < n; ++j) exact[j] += aik * b[k * n + j];
        }
        for (std::size_t j = 0; j < n; ++j) judge(j, exact[j]);
        continue;
      }
      for (const std::size_t j : {std::size_t{0}, n - 1}) {
        Exact exact = 0;
        for (std::size_t k = 0; k < n; ++k) exact += Exact(a[i * n + k]) * b[k * n + j];
        judge(j, exact);
      }
    }
  });
  ElementCheck all;
  for (const ElementCheck& share : found) {
    all.compared += share.compared;
    all.bad += share.bad;
    all.firstBad = std::min(all.firstBad, share.firstBad);
    all.worst = std::max(all.worst, share.worst);
  }
  return all;
}

// The worst row of |C*r - A*(B*r)| / (A*(B*r)), and the first row beyond tolerance.
struct FreivaldsCheck {
  double worst = 0;
  std::uint64_t firstBad = std::numeric_limits<std::uint64_t>::max();
  double firstBadError = 0;
};

template <class T>
FreivaldsCheck freivalds(std::span<const T> a, std::span<const T> b, std::span<const T> c,
                         std::size_t n, std::uint64_t seed, double tolerance) {
  std::vector<double> r(n);
  fillUniform(std::span<double>(r), seed, kCheckStream);
  const auto rows = static_cast<std::int64_t>(n);
  // A row is n products (B*r), 2n (A*(B*r) and C*r).
  const int shares = untimedShares(rows, std::max<std::int64_t>(1, kUntimedItemsPerThread / rows));
  std::vector<Exact> br(n);
  forEachUntimedShare(rows, shares, [&](int, std::int64_t from, std::int64_t to) {
    for (std::int64_t k = from; k < to; ++k) {
      Exact sum = 0;
      for (std::size_t j = 0; j < n; ++j)
        sum += Exact(b[static_cast<std::size_t>(k) * n + j]) * r[j];
      br[static_cast<std::size_t>(k)] = sum;
    }
  });
  std::vector<double> errors(n);
  forEachUntimedShare(rows, shares, [&](int, std::int64_t from, std::int64_t to) {
    for (std::int64_t row = from; row < to; ++row) {
      const auto i = static_cast<std::size_t>(row);
      Exact abr = 0;
      Exact cr = 0;
      for (std::size_t k = 0; k < n; ++k) abr += Exact(a[i * n + k]) * br[k];
      for (std::size_t j = 0; j < n; ++j) cr += Exact(c[i * n + j]) * r[j];
      errors[i] = relativeError(cr, abr);
    }
  });
  FreivaldsCheck check;
  for (std::size_t i = 0; i < n; ++i) {
    check.worst = std::max(check.worst, errors[i]);
    if (!(errors[i] <= tolerance) && check.firstBad > i) {
      check.firstBad = i;
      check.firstBadError = errors[i];
    }
  }
  return check;
}

}  // namespace

template <class T>
double relativeTolerance(std::size_t n) {
  return static_cast<double>(n) * std::numeric_limits<T>::epsilon();
}

template <class T>
Verification verifyMatmul(std::span<const T> a, std::span<const T> b, std::span<const T> c,
                          std::size_t n, std::uint64_t seed) {
  const double tolerance = relativeTolerance<T>(n);
  const std::string bound = "tolerance n*eps = " + shortText(tolerance) + " relative";
  const ElementCheck elements = checkElements(a, b, c, n, tolerance);
  Verification result;
  if (elements.bad > 0) {
    const std::uint64_t i = elements.firstBad / n;
    const std::uint64_t j = elements.firstBad % n;
    Exact exact = 0;
    for (std::size_t k = 0; k < n; ++k) exact += Exact(a[i * n + k]) * b[k * n + j];
    result.detail = std::to_string(elements.bad) + " of " + std::to_string(elements.compared) +
                    " elements compared differ; first C[" + std::to_string(i) + "][" +
                    std::to_string(j) + "]: got " + exactText(c[elements.firstBad]) +
                    ", expected " + exactText(static_cast<double>(exact)) + " (" + bound + ")";
    return result;
  }
  const FreivaldsCheck rows = freivalds(a, b, c, n, seed, tolerance);
  if (rows.firstBad < n) {
    result.detail = "Freivalds: row " + std::to_string(rows.firstBad) +
                    " of C*r is off A*(B*r) by " + shortText(rows.firstBadError) + " relative (" +
                    bound + ")";
    return result;
  }
  result.ok = true;
  const std::string which =
      n <= kEveryElementUpTo ? "every element" : "first and last rows and columns";
  result.detail = "max relative error " + shortText(elements.worst) + " on " + which + " (" +
                  std::to_string(elements.compared) + " elements), Freivalds " +
                  shortText(rows.worst) + " on C*r; " + bound;
  return result;
}

template double relativeTolerance<float>(std::size_t);
template double relativeTolerance<double>(std::size_t);
template Verification verifyMatmul(std::span<const float>, std::span<const float>,
                                   std::span<const float>, std::size_t, std::uint64_t);
template Verification verifyMatmul(std::span<const double>, std::span<const double>,
                                   std::span<const double>, std::size_t, std::uint64_t);

}  // namespace accellab::kernels::matmul
