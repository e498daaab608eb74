#include "pi_mpi.h"

#include "cuda/gpu.h"
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

}  // namespace

std::unique_ptr<KernelRun> prepareMpi(const RunRequest& request) {
  const std::uint64_t samples = samplesOf(request.params);
  const mpi::Share share = mpi::shareOf(samples, request.group.rank(), request.group.size());
  Params params = request.params;
  params.samples = share.count;
  const RunRequest own = mpi::shareRequest(request, params, share.begin);
  // Stays null for an empty share (fewer samples than ranks).
  std::unique_ptr<KernelRun> run;
  if (share.count > 0 && request.mpiOnDevice)
    run = gpu::preparePi(own.gpuDevice, share.count, own.params.seed, gpu::DeviceCode::ownKernel,
                         own.firstElement);
  else if (share.count > 0)
    run = std::make_unique<CpuPiRun<Parallel>>(share.count, own.params.seed, own.threads,
                                               own.firstElement);
  return mpi::distributed(std::move(run), request.group,
                          [samples](const Verification& verdict, Collective& group) {
                            return combineHits(samples, verdict, group);
                          });
}

}  // namespace accellab::kernels::pi
