// What may make a run's numbers less trustworthy, checked as the run starts: a slow build,
// clocks that move, a busy or shared machine. Warnings recorded with the run, never refusals.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "accellab/session.h"

namespace accellab {

// How the engine was compiled, as far as its timings are concerned.
struct BuildFacts {
  std::string buildType;    // CMAKE_BUILD_TYPE: "Release", "Debug", "" when none was set
  bool assertions = false;  // NDEBUG not defined
  bool sanitizer = false;   // AddressSanitizer instruments every memory access
};

// This engine's own build.
BuildFacts engineBuild();

// Sleeps about `seconds`; returns the seconds that actually passed.
double sleepSeconds(double seconds);

// Where the checks look and what they assume; the defaults describe this process on this machine.
struct ConditionsProbe {
  std::filesystem::path root = "/";  // proc/ and sys/ are read below it
  BuildFacts build = engineBuild();
  // The busy-process check samples every process's CPU time twice, this far apart. Long
  // enough that a process keeping a core busy shows ~20 clock ticks (±1 of rounding).
  double busySampleS = 0.2;
  // Waits between the two samples and returns the seconds that passed; tests change the fake
  // tree here.
  std::function<double(double seconds)> wait = sleepSeconds;
  // The machine's probe, for the checks that need it (the BLAS core); null skips them.
  const SystemInfo* system = nullptr;
  // The process's environment (tests fake it): null when the variable is not set.
  std::function<const char*(const char* name)> environment = [](const char* name) {
    return static_cast<const char*>(std::getenv(name));
  };
};

// The conditions found, at most one per check, in the order of the check ids ("build-type",
// "governor", "turbo", "load", "busy-process", "virtual-machine", "blas-core",
// "busy-ceilings"); empty when nothing warns. "busy-ceilings": the probe.system's ceilings were
// measured while the machine was busy (SystemInfo::ceilingsBusy). "blas-core": OPENBLAS_CORETYPE
// forces OpenBLAS onto kernels for an older CPU than this one (its SIMD targets say AVX-512, the
// core is Haswell's AVX2), so the blas variants run slower than the machine allows. A file that
// cannot be read gives no warning. Takes about probe.busySampleS.
std::vector<SystemCondition> checkSystemConditions(const ConditionsProbe& probe = {});

// Only what says other work competes for the machine, each the fact without a run's advice:
// "load average 3.10 over the last minute is above the 2 logical cores" (read first), and the
// busy processes sampled over probe.wait, which may be a measurement itself (the machine
// probe's, so that a process busy during it is seen). Empty when the machine is quiet.
std::vector<std::string> checkCompetition(const ConditionsProbe& probe = {});

}  // namespace accellab
