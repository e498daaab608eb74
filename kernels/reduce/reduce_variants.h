// The sum of reduce, once per variant over a piece [0, n) of the array, each returning its
// compensated partial sum (compensated_sum.h). Each lives in a file whose name says what it
// needs (kernels/CMakeLists.txt); the table only refers to those this build has.
#pragma once

#include <cstddef>
#include <memory>

#include "compensated_sum.h"
#include "cpu/pieces_done.h"
#include "table/kernel_table.h"

namespace accellab::kernels::reduce {

// reduce_loop.cpp: scalar, compiler vectorization off, one accumulator.
template <class T>
CompensatedSum<T> sumLoop(const T* x, std::size_t n);
// reduce_highway.cpp: Highway, several vector accumulators (lanes x 4 running sums, each fed
// the plain sum of 4 vectors); and
// the same on OpenMP threads over the pieces of cpu/parallel.h, cut alike for every thread
// count and their partials merged in piece order, so the result depends neither on the
// thread count nor on which thread took which piece. `total` gets the pieces done.
template <class T>
CompensatedSum<T> sumSimd(const T* x, std::size_t n);
template <class T>
PiecesDone sumParallel(const T* x, std::size_t n, int threads, std::uint64_t splitFromBytes,
                       const std::stop_token& stop, CompensatedSum<T>& total);
// reduce_stdpar.cpp: std::transform_reduce(par_unseq) over compensated pairs on TBB, limited
// to `threads`; the order of its merges is unspecified.
template <class T>
CompensatedSum<T> sumStdPar(const T* x, std::size_t n, int threads);
// reduce_blas.cpp: OpenBLAS asum (plain summation inside) over blocks of kBlasBlock, the
// block sums merged compensated.
inline constexpr std::size_t kBlasBlock = std::size_t{1} << 14;
template <class T>
CompensatedSum<T> sumBlas(const T* x, std::size_t n);

// reduce_cuda.cpp: on the request's device; throws std::runtime_error with CUDA's text when
// it refuses.
std::unique_ptr<KernelRun> prepareGpu(const RunRequest& request);
std::unique_ptr<KernelRun> prepareGpuLibrary(const RunRequest& request);

}  // namespace accellab::kernels::reduce
