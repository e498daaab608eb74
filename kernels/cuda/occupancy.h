// Included by the .cu files only: how many blocks of a kernel fill the current device.
#pragma once

#include "cuda_check.h"

namespace accellab::kernels::cuda {

// Every multiprocessor of the current device times the blocks of `kernel` (at `threads` per
// block, no dynamic shared memory) that one of them holds at once: a grid-stride launch of
// this size keeps the whole device busy without a tail of idle blocks.
template <class Kernel>
int blocksFillingDevice(Kernel kernel, int threads) {
  int device = 0;
  int multiprocessors = 0;
  int blocksPerMultiprocessor = 0;
  ACCELLAB_CUDA_CHECK(cudaGetDevice(&device));
  ACCELLAB_CUDA_CHECK(
      cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device));
  ACCELLAB_CUDA_CHECK(
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocksPerMultiprocessor, kernel, threads, 0));
  return multiprocessors * blocksPerMultiprocessor;
}

}  // namespace accellab::kernels::cuda
