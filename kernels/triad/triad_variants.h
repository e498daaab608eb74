// The triad's operation, a = b + kScale * c, once per variant over a piece [0, n) of the
// arrays. Each lives in a file whose name says what it needs (kernels/CMakeLists.txt); the
// table only refers to those this build has.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "accellab/kernel.h"
#include "cpu/pieces_done.h"
#include "cpu/simd.h"
#include "table/kernel_table.h"

namespace accellab::kernels::triad {

// 3 is exact in both types, and every variant computes b + 3c with at most two roundings.
inline constexpr int kScale = 3;
// The streams fillUniform draws b and c from, on the CPU and the GPU alike.
inline constexpr std::uint64_t kStreamB = 0;
inline constexpr std::uint64_t kStreamC = 1;

// triad_loop.cpp: scalar, compiler vectorization off; a multiply and an add, rounded apart.
template <class T>
void triadLoop(const T* b, const T* c, T* a, std::size_t n);
// triad_highway.cpp: Highway MulAdd (an FMA where the ISA has one), streaming stores when
// asked; and the same on OpenMP threads, over the pieces of cpu/parallel.h.
template <class T>
void triadSimd(const T* b, const T* c, T* a, std::size_t n, simd::Stores stores);
template <class T>
PiecesDone triadParallel(const T* b, const T* c, T* a, std::size_t n, int threads,
                         simd::Stores stores, std::uint64_t splitFromBytes,
                         const std::stop_token& stop);
// triad_stdpar.cpp: std::transform(par_unseq) on TBB, limited to `threads`.
template <class T>
void triadStdPar(const T* b, const T* c, T* a, std::size_t n, int threads);
// triad_blas.cpp: copy(b -> a), then axpy(kScale, c, a): two passes over a.
template <class T>
void triadBlas(const T* b, const T* c, T* a, std::size_t n, int threads);

// triad_cuda.cpp: on the request's device; throws std::runtime_error with CUDA's text when
// it refuses.
std::unique_ptr<KernelRun> prepareGpu(const RunRequest& request);
std::unique_ptr<KernelRun> prepareGpuLibrary(const RunRequest& request);
// A user's entry (--cuda-source) in the gpu variant's place: kSourceSignature.
std::unique_ptr<KernelRun> prepareGpuSource(const RunRequest& request,
                                            const gpu::CudaSource& source);
// What it must define, ENTRY standing for its name (docs/cuda-source.md).
inline constexpr const char* kSourceSignature =
    "template <typename T> __global__ void ENTRY(const T* b, const T* c, T* a, unsigned long long "
    "n, T scale): a[i] = b[i] + scale * c[i] for i < n, one thread per element";
// What a function of a user's Python file takes to join triad (accellab.Builtin,
// docs/python.md): the inputs first, then the output, as every joined function.
inline constexpr const char* kPythonSignature =
    "def f(b, c, a, scale): a[...] = b + scale * c, a, b and c NumPy arrays of the shape";

}  // namespace accellab::kernels::triad
