// The launch on MPI: the world, and each point's group split from it (ranks 0..ranks-1).
#include <mpi.h>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "accellab/kernels/mpi_launch.h"
#include "launch_environment.h"

namespace accellab::kernels {
namespace {

class MpiCollective final : public Collective {
 public:
  MpiCollective() {
    int provided = 0;
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &worldRank_);
    MPI_Comm_size(MPI_COMM_WORLD, &worldSize_);
    char version[MPI_MAX_LIBRARY_VERSION_STRING] = {};
    int length = 0;
    MPI_Get_library_version(version, &length);
    library_.assign(version, static_cast<std::size_t>(length));
    library_ = library_.substr(0, library_.find('\n'));
  }
  MpiCollective(const MpiCollective&) = delete;
  MpiCollective& operator=(const MpiCollective&) = delete;
  ~MpiCollective() override {
    freePointGroup();
    MPI_Finalize();
  }

  std::string library() const override { return library_; }
  int worldSize() const override { return worldSize_; }

  bool joinPoint(int ranks) override {
    freePointGroup();
    const bool member = worldRank_ < ranks;
    MPI_Comm_split(MPI_COMM_WORLD, member ? 0 : MPI_UNDEFINED, worldRank_, &point_);
    group_ = member ? point_ : MPI_COMM_WORLD;
    return member;
  }

  // The ranks outside the point wait here while it is measured: asleep between polls, since
  // MPI_Barrier would spin a core that the point's threads may need.
  void leavePoint() override {
    freePointGroup();
    MPI_Request request = MPI_REQUEST_NULL;
    MPI_Ibarrier(MPI_COMM_WORLD, &request);
    for (int done = 0;;) {
      MPI_Test(&request, &done, MPI_STATUS_IGNORE);
      if (done) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  }

  int rank() const override {
    int rank = 0;
    MPI_Comm_rank(group_, &rank);
    return rank;
  }

  int size() const override {
    int size = 0;
    MPI_Comm_size(group_, &size);
    return size;
  }

  void barrier() override { MPI_Barrier(group_); }

  bool rootDecides(bool value) override {
    int flag = value ? 1 : 0;
    MPI_Bcast(&flag, 1, MPI_INT, 0, group_);
    return flag != 0;
  }

  std::uint64_t rootDecides(std::uint64_t value) override {
    MPI_Bcast(&value, 1, MPI_UINT64_T, 0, group_);
    return value;
  }

  bool anyOf(bool value) override {
    int flag = value ? 1 : 0;
    MPI_Allreduce(MPI_IN_PLACE, &flag, 1, MPI_INT, MPI_LOR, group_);
    return flag != 0;
  }

  double maxOver(double value) override {
    MPI_Allreduce(MPI_IN_PLACE, &value, 1, MPI_DOUBLE, MPI_MAX, group_);
    return value;
  }

  std::uint64_t sumOver(std::uint64_t value) override {
    MPI_Allreduce(MPI_IN_PLACE, &value, 1, MPI_UINT64_T, MPI_SUM, group_);
    return value;
  }

  double sumOver(double value) override {
    MPI_Allreduce(MPI_IN_PLACE, &value, 1, MPI_DOUBLE, MPI_SUM, group_);
    return value;
  }

  std::vector<double> gatherOnRoot(double value) override {
    std::vector<double> values(isRoot() ? static_cast<std::size_t>(size()) : 0);
    MPI_Gather(&value, 1, MPI_DOUBLE, values.data(), 1, MPI_DOUBLE, 0, group_);
    return values;
  }

  std::vector<std::string> gatherOnRoot(const std::string& value) override {
    const int ranks = size();
    int length = static_cast<int>(value.size());
    std::vector<int> lengths(isRoot() ? static_cast<std::size_t>(ranks) : 0);
    MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, group_);
    std::vector<int> offsets(lengths.size());
    int total = 0;
    for (std::size_t r = 0; r < lengths.size(); ++r) {
      offsets[r] = total;
      total += lengths[r];
    }
    std::string all(static_cast<std::size_t>(total), '\0');
    MPI_Gatherv(value.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(),
                MPI_CHAR, 0, group_);
    std::vector<std::string> values;
    for (std::size_t r = 0; r < lengths.size(); ++r)
      values.push_back(
          all.substr(static_cast<std::size_t>(offsets[r]), static_cast<std::size_t>(lengths[r])));
    return values;
  }

  void failAlone(const std::string& message) override {
    if (size() > 1) abort(message);
  }

  void abortLaunch(const std::string& message) override {
    if (worldSize_ > 1) abort(message);
  }

 private:
  bool isRoot() const { return rank() == 0; }

  [[noreturn]] void abort(const std::string& message) const {
    std::cerr << "rank " << worldRank_ << ": " << message << std::endl;
    MPI_Abort(MPI_COMM_WORLD, 1);
    std::abort();  // MPI_Abort does not return; the standard does not say so
  }

  void freePointGroup() {
    if (point_ != MPI_COMM_NULL) MPI_Comm_free(&point_);
    group_ = MPI_COMM_WORLD;
  }

  int worldRank_ = 0;
  int worldSize_ = 1;
  std::string library_;
  MPI_Comm point_ = MPI_COMM_NULL;   // the current point's ranks; null on the others
  MPI_Comm group_ = MPI_COMM_WORLD;  // the point's inside one, else the world
};

}  // namespace

std::shared_ptr<Collective> joinMpiLaunch() {
  if (!mpi::launchedByMpi()) return nullptr;
  return std::make_shared<MpiCollective>();
}

}  // namespace accellab::kernels
