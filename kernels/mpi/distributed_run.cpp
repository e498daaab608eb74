#include "distributed_run.h"

#include <stdexcept>
#include <string>
#include <utility>

#include "arrays/array_problem.h"
#include "launch_environment.h"

namespace accellab::kernels::mpi {
namespace {

// `own` is null on a rank without a share (fewer items than ranks): it takes part in every
// collective step with nothing to compute.
class DistributedRun final : public KernelRun {
 public:
  DistributedRun(std::unique_ptr<KernelRun> own, Collective& group, Combine combine)
      : own_(std::move(own)), group_(group), combine_(std::move(combine)) {}

  void poisonOutput() override {
    if (own_) own_->poisonOutput();
  }

  // No communication here: the runner's barrier starts the ranks together and its maximum
  // over them is the repetition's time, so each rank's own time stays its share's.
  RunOutcome run(std::stop_token stop) override {
    return own_ ? own_->run(std::move(stop)) : RunOutcome{};
  }

  Verification verify() const override {
    return combine_(own_ ? own_->verify() : Verification{true, "no share", 0}, group_);
  }

  std::string isa() const override { return own_ ? own_->isa() : ""; }

 private:
  std::unique_ptr<KernelRun> own_;
  Collective& group_;
  Combine combine_;
};

}  // namespace

Share shareOf(std::uint64_t total, int rank, int ranks) {
  const auto n = static_cast<std::uint64_t>(ranks);
  const auto r = static_cast<std::uint64_t>(rank);
  const std::uint64_t base = total / n;
  const std::uint64_t extra = total % n;
  return {r * base + std::min(r, extra), base + (r < extra ? 1 : 0)};
}

Verification everyShareVerified(const Verification& own, Collective& group) {
  const bool failed = group.anyOf(!own.ok);
  // Rank 0 alone reports: it names every rank whose share failed, with the reason.
  const std::vector<std::string> failures = group.gatherOnRoot(own.ok ? "" : own.detail);
  Verification combined;
  combined.ok = !failed;
  if (!failed) {
    combined.detail = "every share of " + std::to_string(group.size()) +
                      " ranks verified; rank 0's: " + own.detail;
    return combined;
  }
  for (std::size_t rank = 0; rank < failures.size(); ++rank) {
    if (failures[rank].empty()) continue;
    if (!combined.detail.empty()) combined.detail += "; ";
    combined.detail += "rank " + std::to_string(rank) + ": " + failures[rank];
  }
  return combined;
}

std::unique_ptr<KernelRun> distributed(std::unique_ptr<KernelRun> own, Collective& group,
                                       Combine combine) {
  return std::make_unique<DistributedRun>(std::move(own), group, std::move(combine));
}

RunRequest shareRequest(const RunRequest& request, const Params& params,
                        std::uint64_t firstElement) {
  if (failHookNames(request.group.rank()))
    throw std::runtime_error("failing as ACCELLAB_MPI_FAIL_RANK asks");
  RunRequest share{request.kernel,    params,        request.threads,
                   request.gpuDevice, request.group, request.mpiOnDevice};
  share.firstElement = firstElement;
  share.streamingFromBytes = request.streamingFromBytes;
  share.splitFromBytes = request.splitFromBytes;
  if (request.mpiOnDevice) share.gpuDevice += nodeLocalRank().value_or(0);
  return share;
}

std::unique_ptr<KernelRun> prepareLocalShare(const RunRequest& own, std::uint64_t count,
                                             PrepareFn cpu, PrepareFn device) {
  const PrepareFn local = own.mpiOnDevice ? device : cpu;
  if (!local) throw std::runtime_error("this build has no local code for the shares");
  return count > 0 ? local(own) : nullptr;
}

std::unique_ptr<KernelRun> prepareElementShare(const RunRequest& request, PrepareFn cpu,
                                               PrepareFn device) {
  const Share share =
      shareOf(elementsOf(request.params), request.group.rank(), request.group.size());
  Params params = request.params;
  params.shape = Shape3{1, 1, share.count};
  const RunRequest own = shareRequest(request, params, share.begin);
  return distributed(prepareLocalShare(own, share.count, cpu, device), request.group,
                     &everyShareVerified);
}

}  // namespace accellab::kernels::mpi
