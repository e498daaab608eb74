#include "pi_mpi.h"

#include "mpi/distributed_run.h"
#include "pi_cpu_run.h"

namespace accellab::kernels::pi {
namespace {

// Each rank draws its own range of the samples' counters, so the hits summed over the ranks
// are exactly those every other variant counts: the same fingerprint.
Verification combineHits(std::uint64_t samples, const Verification& own, Collective& group) {
  if (group.anyOf(!own.fingerprint)) return {false, "a rank has no completed run", std::nullopt};
  return verifyPi(group.sumOver(*own.fingerprint), samples);
}

// A rank's share of the samples, from own.firstElement, on its threads.
std::unique_ptr<KernelRun> prepareParallelShare(const RunRequest& own) {
  return std::make_unique<CpuPiRun<Parallel>>(samplesOf(own.params), own.params.seed, own.threads,
                                              own.firstElement);
}

}  // namespace

std::unique_ptr<KernelRun> prepareMpi(const RunRequest& request) {
  const std::uint64_t samples = samplesOf(request.params);
  const mpi::Share share = mpi::shareOf(samples, request.group.rank(), request.group.size());
  Params params = request.params;
  params.samples = share.count;
  const RunRequest own = mpi::shareRequest(request, params, share.begin);
  return mpi::distributed(mpi::prepareLocalShare(own, share.count, &prepareParallelShare,
                                                 ACCELLAB_WITH_CUDA(&prepareGpu)),
                          request.group, [samples](const Verification& verdict, Collective& group) {
                            return combineHits(samples, verdict, group);
                          });
}

}  // namespace accellab::kernels::pi
