#include "launch_environment.h"

#include <charconv>
#include <cstdlib>
#include <string_view>

namespace accellab::kernels::mpi {
namespace {

std::optional<int> integerFrom(const char* name) {
  const char* text = std::getenv(name);
  if (!text) return std::nullopt;
  const std::string_view view(text);
  int value = 0;
  const auto [end, error] = std::from_chars(view.data(), view.data() + view.size(), value);
  if (error != std::errc{} || end != view.data() + view.size()) return std::nullopt;
  return value;
}

}  // namespace

bool launchedByMpi() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"})
    if (std::getenv(name)) return true;
  return false;
}

std::optional<int> nodeLocalRank() {
  for (const char* name : {"OMPI_COMM_WORLD_LOCAL_RANK", "SLURM_LOCALID", "MPI_LOCALRANKID"})
    if (auto rank = integerFrom(name)) return rank;
  return std::nullopt;
}

bool failHookNames(int rank) { return integerFrom("ACCELLAB_MPI_FAIL_RANK") == rank; }

}  // namespace accellab::kernels::mpi
