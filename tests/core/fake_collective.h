// A distributed variant on the fake kernel, and a launch of several ranks seen from rank 0:
// what the runner asks of a Collective, recorded, with the other ranks' answers scripted.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "accellab/collective.h"
#include "fake_kernel.h"

namespace accellab::test {

// The fake kernel plus "mpi": distributed, with threads.
class DistributedFakeKernel final : public FakeKernel {
 public:
  DistributedFakeKernel(FakeScript& script, std::string name = "fake",
                        ProblemKind problem = ProblemKind::array3d)
      : FakeKernel(script, std::move(name), problem), info_(FakeKernel::info()) {
    VariantInfo mpi{"mpi", "ranks", true, false, Availability::yes()};
    mpi.distributed = true;
    info_.variants.push_back(mpi);
  }
  const KernelInfo& info() const override { return info_; }

 private:
  KernelInfo info_;
};

// Rank `ownRank` (0 unless a test says) of `world` ranks; the other ranks of a point take
// `othersS` for every run and agree with every decision rank 0 takes.
class FakeCollective final : public Collective {
 public:
  int world = 4;
  int ownRank = 0;
  double othersS = 1.0;
  bool member = true;              // what joinPoint answers
  std::vector<std::string> calls;  // "join 2", "leave", "barrier", ...
  int groupSize = 1;

  std::string library() const override { return "Fake MPI 1.0"; }
  int worldSize() const override { return world; }
  bool joinPoint(int ranks) override {
    calls.push_back("join " + std::to_string(ranks));
    groupSize = ranks;
    return member;
  }
  void leavePoint() override {
    calls.push_back("leave");
    groupSize = world;
  }
  int rank() const override { return ownRank; }
  int size() const override { return groupSize; }
  void barrier() override { calls.push_back("barrier"); }
  bool rootDecides(bool value) override { return value; }
  std::uint64_t rootDecides(std::uint64_t value) override { return value; }
  bool anyOf(bool value) override { return value; }
  double maxOver(double value) override { return groupSize > 1 ? std::max(value, othersS) : value; }
  std::uint64_t sumOver(std::uint64_t value) override {
    return value * static_cast<std::uint64_t>(groupSize);
  }
  double sumOver(double value) override { return value * groupSize; }
  std::vector<double> gatherOnRoot(double value) override {
    std::vector<double> values(static_cast<std::size_t>(groupSize), othersS);
    values.front() = value;
    return values;
  }
  std::vector<std::string> gatherOnRoot(const std::string& value) override {
    return std::vector<std::string>(static_cast<std::size_t>(groupSize), value);
  }
  void failAlone(const std::string& message) override { calls.push_back("fail " + message); }
  void abortLaunch(const std::string& message) override { calls.push_back("abort " + message); }

  std::size_t count(const std::string& call) const {
    return static_cast<std::size_t>(std::count(calls.begin(), calls.end(), call));
  }
};

}  // namespace accellab::test
