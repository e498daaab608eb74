#include "reduce_mpi.h"

#include "arrays/array_problem.h"
#include "mpi/distributed_run.h"
#include "reduce_cpu_run.h"

// Each share is summed by parallel, which is Highway's: without it the row has no code
// (reduce.cpp), and this file none to offer.
#if ACCELLAB_HAS_HIGHWAY
namespace accellab::kernels::reduce {
namespace {

// The mpi variant on the CPU: each rank sums its share with parallel's code; besides every
// share's verdict, the shares' sums are reduced into the array's, which rank 0 reports.
template <class T>
std::unique_ptr<KernelRun> prepareMpiShare(const RunRequest& own, std::uint64_t count) {
  std::unique_ptr<CpuReduceRun<T, Parallel>> run;
  if (count > 0)
    run = std::make_unique<CpuReduceRun<T, Parallel>>(count, own.params.seed, own.firstElement,
                                                      own.threads, own.splitFromBytes);
  const CpuReduceRun<T, Parallel>* share = run.get();
  return mpi::distributed(
      std::move(run), own.group, [share](const Verification& verdict, Collective& group) {
        const double sum = group.sumOver(share ? double{share->sum()} : 0.0);
        Verification combined = mpi::everyShareVerified(verdict, group);
        combined.detail = "sum " + exactText(sum) + " over the ranks; " + combined.detail;
        return combined;
      });
}

}  // namespace

std::unique_ptr<KernelRun> prepareMpi(const RunRequest& request) {
  if (request.mpiOnDevice)
    return mpi::prepareElementShare(request, nullptr, ACCELLAB_WITH_CUDA(&prepareGpu));
  const mpi::Share share =
      mpi::shareOf(elementsOf(request.params), request.group.rank(), request.group.size());
  Params params = request.params;
  params.shape = Shape3{1, 1, share.count};
  const RunRequest own = mpi::shareRequest(request, params, share.begin);
  return forDType(params.dtype, [&]<class T>(T) { return prepareMpiShare<T>(own, share.count); });
}

}  // namespace accellab::kernels::reduce
#endif
