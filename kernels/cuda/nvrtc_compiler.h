// NVRTC, CUDA's run-time compiler, opened with dlopen as cuBLAS is (cublas_library.h): the
// package starts, and runs everything else, where the toolkit is missing. Compiled code is
// kept in the kernel cache (userCacheDirectory()/kernels, user_dirs.h), one file per source, name,
// target, NVRTC and driver, written atomically. Plain C++; built only with CUDA.
#pragma once

#include <optional>
#include <stop_token>
#include <string>

#include "accellab/kernel.h"
#include "cuda_source.h"

namespace accellab::kernels::cuda {

// Whether NVRTC loads and has every function used here: $ACCELLAB_NVRTC (a library file,
// for a test or a toolkit elsewhere), else libnvrtc.so.<this toolkit's major version>.
// Its reason names the library when not.
Availability nvrtcAvailability();
// "NVRTC 13.0"; empty when it does not load.
std::string nvrtcVersion();

struct CompiledCode {
  std::string code;         // a cubin, or PTX text (NUL-terminated, as the loader needs it)
  std::string loweredName;  // the instantiation's symbol in the code
  CodeBuild build;          // how, and compileS: the compile, or the cache read
};

struct CompileTarget {
  // The device's compute capability, major * 10 + minor (90 for 9.0): real code for it, or
  // where this NVRTC cannot make that, PTX for the newest architecture below it that it can.
  // None: PTX for NVRTC's default architecture (a check without a device).
  std::optional<int> computeCapability;
  // The driver's version (cudaDriverGetVersion), part of the cache's key: a new driver may
  // load PTX differently.
  int driverVersion = 0;
};

// How long one compile may take: ACCELLAB_NVRTC_TIME_LIMIT_S (seconds), else kCompileTimeLimitS.
// A source can make NVRTC work for hours (a macro that expands to 2^30 tokens).
inline constexpr double kCompileTimeLimitS = 120;
double compileTimeLimitS();

// `source`'s entry instantiated for `typeName` ("float", "double"), through the kernel cache.
// NVRTC compiles in a child process of this one, so that a compile past the time limit, a stop
// request (`stop`: Ctrl+C) or a crash inside NVRTC ends that child, not this process. Throws
// gpu::CudaSourceError with NVRTC's log (the file's own line numbers) when it does not
// compile, with the reason when the compile was stopped, ran too long or crashed, or when
// NVRTC is missing.
CompiledCode compileEntry(const gpu::CudaSource& source, const std::string& typeName,
                          const CompileTarget& target, std::stop_token stop = {});

}  // namespace accellab::kernels::cuda
