// How the ranks of an MPI launch agree while they measure. Core stays MPI-free: the runner asks
// this interface at every decision point, the MPI implementation lives in kernels/mpi/, and a
// process not launched by mpirun gets SoloCollective, where every call is the identity.
//
// Every point is a group: ranks 0..ranks-1 of the launch take part in it (a point that is not
// distributed has ranks = 1: rank 0 alone measures it), the others wait at its end, so the
// other ranks never disturb a point's timing. Calls other than rank() and size() are
// collective: each rank of the current group makes the same calls in the same order.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace accellab {

class Collective {
 public:
  virtual ~Collective() = default;

  // The MPI library's version line ("Open MPI v4.1.4, ..."); empty without MPI.
  virtual std::string library() const = 0;
  // Processes launched; a point's group may be smaller.
  virtual int worldSize() const = 0;

  // Every rank of the launch calls both around each point. joinPoint returns whether this
  // rank is one of the point's `ranks` (ranks 0..ranks-1); leavePoint waits until every rank
  // is done with the point.
  virtual bool joinPoint(int ranks) = 0;
  virtual void leavePoint() = 0;

  // Within the current group: the point's ranks inside a point, the whole launch outside.
  virtual int rank() const = 0;
  virtual int size() const = 0;
  virtual void barrier() = 0;
  // Rank 0's value, on every rank: how decisions are taken so that ranks never diverge.
  virtual bool rootDecides(bool value) = 0;
  virtual std::uint64_t rootDecides(std::uint64_t value) = 0;
  virtual bool anyOf(bool value) = 0;
  virtual double maxOver(double value) = 0;
  virtual std::uint64_t sumOver(std::uint64_t value) = 0;
  virtual double sumOver(double value) = 0;
  // Every rank's value by rank on rank 0; empty on the others.
  virtual std::vector<double> gatherOnRoot(double value) = 0;
  virtual std::vector<std::string> gatherOnRoot(const std::string& value) = 0;

  // This rank failed where the rest of its group cannot know it and would wait for it
  // forever: in a group of several ranks the MPI implementation prints "rank N: message" on
  // stderr and ends the whole launch (exit 1). Returns when the group is this rank alone: the
  // point then fails as any other.
  virtual void failAlone(const std::string& message) = 0;
  // This rank cannot go on outside any point, where the other ranks may be waiting for it in
  // a collective call: in a launch of several ranks, "rank N: message" on stderr and the whole
  // launch ends (exit 1). Returns in a launch of one process.
  virtual void abortLaunch(const std::string& message) = 0;
};

// One process: a group of one, every call the identity.
class SoloCollective final : public Collective {
 public:
  std::string library() const override { return {}; }
  int worldSize() const override { return 1; }
  bool joinPoint(int) override { return true; }
  void leavePoint() override {}
  int rank() const override { return 0; }
  int size() const override { return 1; }
  void barrier() override {}
  bool rootDecides(bool value) override { return value; }
  std::uint64_t rootDecides(std::uint64_t value) override { return value; }
  bool anyOf(bool value) override { return value; }
  double maxOver(double value) override { return value; }
  std::uint64_t sumOver(std::uint64_t value) override { return value; }
  double sumOver(double value) override { return value; }
  std::vector<double> gatherOnRoot(double value) override { return {value}; }
  std::vector<std::string> gatherOnRoot(const std::string& value) override { return {value}; }
  void failAlone(const std::string&) override {}
  void abortLaunch(const std::string&) override {}
};

}  // namespace accellab
