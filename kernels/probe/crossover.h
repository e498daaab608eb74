// Where one way of running a loop starts to beat another as the arrays grow: streaming against
// cached stores, two threads against one. Measured by the machine probe, because no cache size
// tells it (a VM's CPUID may report its host's L3; a team of threads costs what the machine
// makes it cost).
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace accellab::kernels {

// One size of a crossover's trials: the best rate of the usual way and of the other.
struct CrossoverTrial {
  std::uint64_t bytesPerArray = 0;
  double usualBytesPerS = 0;
  double otherBytesPerS = 0;
};

// Taken together, the trials from the crossover on must favour the other way by this much (a
// product of their ratios) for it to be chosen at all: below it the two are within this VM's
// noise, and the usual way is the one that costs nothing when it is wrong.
inline constexpr double kCrossoverMargin = 0.05;

// The bytes touched (the copy's two arrays) from the trial where choosing the other way for it
// and every larger one gains most: the largest product of other/usual ratios over a run of
// trials that ends with the largest. One noisy size does not move it (a rule asking for a win
// at every larger size put a VM's crossover at 2 GiB for one 0.94x among ten wins); ties go
// to the larger size. Where no such run gains kCrossoverMargin, twice the largest trial's.
// `trials` by size, smallest first; 0 when empty.
std::uint64_t crossoverFrom(std::span<const CrossoverTrial> trials);

// "copies with 2 threads, streaming against cached stores per array: 1.00 MiB 0.75x, …;
// streaming from 32.0 MiB touched": `how` says what was compared, `other` names the other way.
std::string describeTrials(std::span<const CrossoverTrial> trials, std::uint64_t from,
                           const std::string& how, const std::string& other);

}  // namespace accellab::kernels
