// pi as a C++17 user writes it: std::transform_reduce with std::execution::par_unseq over
// blocks of samples, each counted by a plain loop the compiler is free to vectorize, run by
// libstdc++ on TBB. The samples are the same as every other variant's, so is the count.
#include <oneapi/tbb/global_control.h>

#include <algorithm>
#include <execution>
#include <functional>
#include <numeric>
#include <vector>

#include "pi_sampler.h"
#include "pi_variants.h"

namespace accellab::kernels::pi {
namespace {

// 64 Ki samples: a few hundred microseconds of work per task, far above TBB's cost to hand
// one out, and thousands of tasks in a chunk of the stop loop for TBB to balance.
constexpr std::uint64_t kBlockSamples = std::uint64_t{1} << 16;

}  // namespace

std::uint64_t countOutsideStdPar(std::uint64_t key, std::uint64_t begin, std::uint64_t end,
                                 int threads) {
  // The point's thread count: TBB would otherwise take every core.
  const tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                                  static_cast<std::size_t>(threads));
  // The parallel algorithms need forward iterators: the blocks' first samples, in a vector.
  std::vector<std::uint64_t> firsts((end - begin + kBlockSamples - 1) / kBlockSamples);
  for (std::size_t b = 0; b < firsts.size(); ++b) firsts[b] = begin + b * kBlockSamples;
  return std::transform_reduce(std::execution::par_unseq, firsts.begin(), firsts.end(),
                               std::uint64_t{0}, std::plus<>(), [key, end](std::uint64_t first) {
                                 const std::uint64_t last = std::min(end, first + kBlockSamples);
                                 std::uint64_t count = 0;
                                 for (std::uint64_t i = first; i < last; ++i)
                                   count += outside(key, i);
                                 return count;
                               });
}

}  // namespace accellab::kernels::pi
