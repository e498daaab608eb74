// pi's count of the samples outside the quarter circle, once per variant. Each lives in a file
// whose name says what it needs (kernels/CMakeLists.txt); the table only refers to those this
// build has. Every variant counts the same samples (pi_sampler.h), so every count is the same.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <stop_token>

#include "accellab/kernel.h"
#include "cpu/pieces_done.h"
#include "table/kernel_table.h"

namespace accellab::kernels::pi {

inline std::uint64_t samplesOf(const Params& params) {
  if (!params.samples || *params.samples == 0) {
    throw std::runtime_error("pi needs a positive sample count");
  }
  return *params.samples;
}

// The samples [begin, end) of the stream `key` outside the quarter circle.
// pi_loop.cpp: scalar, compiler vectorization off.
std::uint64_t countOutsideLoop(std::uint64_t key, std::uint64_t begin, std::uint64_t end);
// pi_highway.cpp: Highway on 64-bit lanes; and the same on OpenMP threads over the pieces of
// cpu/parallel.h, `outside` getting the count of the pieces done (all when complete).
std::uint64_t countOutsideSimd(std::uint64_t key, std::uint64_t begin, std::uint64_t end);
PiecesDone countOutsideParallel(std::uint64_t key, std::uint64_t begin, std::uint64_t end,
                                int threads, const std::stop_token& stop, std::uint64_t& outside);

// pi_stdpar.cpp: std::transform_reduce(par_unseq) over blocks of samples on TBB, limited to
// `threads`.
std::uint64_t countOutsideStdPar(std::uint64_t key, std::uint64_t begin, std::uint64_t end,
                                 int threads);

// pi_cuda.cpp: on the request's device, the samples from request.firstElement of the seed's
// stream (a rank's share when above 0); throws std::runtime_error with CUDA's text when it
// refuses. The library's variant (CUB's DeviceReduce) differs in the device code only.
std::unique_ptr<KernelRun> prepareGpu(const RunRequest& request);
std::unique_ptr<KernelRun> prepareGpuLibrary(const RunRequest& request);

}  // namespace accellab::kernels::pi
