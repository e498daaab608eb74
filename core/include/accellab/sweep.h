// A sweep is a set of axes; its points are their cartesian product.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "accellab/registry.h"
#include "accellab/result.h"

namespace accellab {

struct SweepSpec {
  std::string kernel;
  std::vector<Shape3> shapes;          // array kernels; empty: the kernel's default
  std::vector<std::uint64_t> samples;  // sampling kernels; empty: the kernel's default
  // The kernel's own parameters (KernelInfo::parameters) by name, each an axis of the sweep;
  // one left out takes its default.
  std::map<std::string, std::vector<std::uint64_t>, std::less<>> parameters;
  std::vector<DType> dtypes;          // empty: the kernel's first dtype
  std::vector<std::string> variants;  // empty: all but the opt-in ones (VariantInfo::optIn)
  std::vector<int> threads;           // applies to variants that use threads; empty: {1}
  std::vector<int> ranks;             // applies to distributed variants; empty: {1}
  Scaling scaling = Scaling::strong;
  std::uint64_t seed = Params{}.seed;
  // Runs first among the variants of each problem, so that a table printed row by row
  // knows every speedup; empty: kernel order.
  std::string baseline;
};

// What `accellab-cli verify` runs of `kernel`, and the tests of every kernel with it: odd
// shapes that no vector width, chunk or block size divides (1x1x1 for the loops' edge cases,
// 3x5x7, 17x31x67, 2x3x1031), sample counts from 1 to 10^7, each parameter at its verify
// values (its default when it names none), every element type and every variant (the opt-in
// ones too), on 1 and 2 threads.
SweepSpec verifySweep(const KernelInfo& kernel);

// The sweep `points` were expanded from (a run's points, as measured): each axis holds the
// values the points name, in the order they first appear; threads come from the variants
// that use threads, ranks from the distributed ones, sizes from the other points when there
// are any (a distributed point's size is its total, which weak scaling grew). "Run Again
// with These Settings" fills the panel from it; expanding it gives the same points in sweep
// order.
SweepSpec sweepOf(const std::vector<Point>& points, const KernelInfo& kernel);

class SweepError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Points in a stable order: size, then dtype, then variant (the baseline first, then kernel
// order), then ranks, then threads. Variants that do not use threads
// get one point with threads = 1, variants that are not distributed one with ranks = 1. A
// distributed point's params are its total problem (weak scaling multiplies the size's by
// the ranks, see SweepSpec::scaling); the variant splits it across its ranks. Unavailable
// variants are kept: the runner skips them with their reason. Throws SweepError on an
// unknown kernel or variant, invalid params, thread or rank counts below 1, rank counts above
// `worldSize` (the processes of the MPI launch; 1 without one), or more points than one run
// may hold (runSizeProblem, runner.h), before building any.
std::vector<Point> expandSweep(const SweepSpec& spec, const Registry& registry, int worldSize = 1);

}  // namespace accellab
