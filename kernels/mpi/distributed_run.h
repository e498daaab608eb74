// The distributed variants (the `mpi` rows): each rank of the point's group runs the kernel's
// own best local code (its parallel CPU run, or its gpu run with --mpi-device) on its share of
// the point's problem; the runner starts and times the repetitions of all ranks together
// (runner.cpp), and the verdicts of the shares combine into the point's.
//
// A distributed point's params are the total problem (expandSweep: strong scaling keeps the
// size, weak scaling multiplies it by the ranks), split here into equal shares.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>

#include "accellab/collective.h"
#include "accellab/kernel.h"
#include "table/kernel_table.h"

namespace accellab::kernels::mpi {

// Items [begin, begin + count) of `total` for `rank` of `ranks`: equal shares, the remainder
// spread one each over the first ranks; empty for the last ranks when total < ranks.
struct Share {
  std::uint64_t begin = 0;
  std::uint64_t count = 0;
};
Share shareOf(std::uint64_t total, int rank, int ranks);

// The point's verdict from this rank's own and the others': collective over the group.
using Combine = std::function<Verification(const Verification& own, Collective& group)>;

// Every rank's share verified; the detail is rank 0's, or names the ranks that failed.
Verification everyShareVerified(const Verification& own, Collective& group);

// Runs `own` (this rank's share; null: an empty share) on its own; verify() combines the
// ranks' verdicts.
std::unique_ptr<KernelRun> distributed(std::unique_ptr<KernelRun> own, Collective& group,
                                       Combine combine);

// The request for this rank's share `params` of `request`'s point: on the device, the GPU
// of this rank among those of its node (--device plus its node-local rank). Throws
// for the test hook of launch_environment.h.
RunRequest shareRequest(const RunRequest& request, const Params& params,
                        std::uint64_t firstElement);

// This rank's run of its share `own` (shareRequest), of `count` items: by `device` with
// --mpi-device, else by `cpu`; null for an empty share. Throws where the build lacks that
// code (null).
std::unique_ptr<KernelRun> prepareLocalShare(const RunRequest& own, std::uint64_t count,
                                             PrepareFn cpu, PrepareFn device);

// The distributed run of an array kernel whose elements are independent (add, triad,
// reduce): the elements split flat into shares, each a 1x1xN array run by `cpu` or, with
// --mpi-device, `device` (null where the build lacks it); every share verified.
std::unique_ptr<KernelRun> prepareElementShare(const RunRequest& request, PrepareFn cpu,
                                               PrepareFn device);

// prepareElementShare as a table's PrepareFn.
template <PrepareFn cpu, PrepareFn device>
std::unique_ptr<KernelRun> prepareElements(const RunRequest& request) {
  return prepareElementShare(request, cpu, device);
}

}  // namespace accellab::kernels::mpi
