// add's operation, out = in + 2, once per variant. Each lives in a file whose name says what
// it needs (kernels/CMakeLists.txt); the table only refers to those this build has.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <stop_token>

#include "accellab/kernel.h"
#include "cpu/pieces_done.h"
#include "cpu/simd.h"
#include "table/kernel_table.h"

namespace accellab::kernels::add {

// add_loop.cpp: scalar, compiler vectorization off; false when stopped. The loops z, y, x (x
// innermost, unit stride), and the tutorial's order: x outermost, then z, then y innermost,
// every access a row away from the last.
template <class T>
bool addLoop(const T* in, T* out, const Shape3& shape, std::stop_token stop);
template <class T>
bool addLoopStrided(const T* in, T* out, const Shape3& shape, std::stop_token stop);
// add_highway.cpp: Highway, any n, any alignment, streaming stores when asked; and the same on
// OpenMP threads, over the pieces of cpu/parallel.h.
template <class T>
void addSimd(const T* in, T* out, std::size_t n, simd::Stores stores);
template <class T>
PiecesDone addParallel(const T* in, T* out, std::size_t n, int threads, simd::Stores stores,
                       std::uint64_t splitFromBytes, const std::stop_token& stop);
// add_stdpar.cpp: std::transform(par_unseq) on TBB, limited to `threads`.
template <class T>
void addStdPar(const T* in, T* out, std::size_t n, int threads);

// add_cuda.cpp: on the request's device, its elements from request.firstElement of the seed's
// stream (a rank's share when above 0); throws std::runtime_error with CUDA's text when it
// refuses. The library's variant (CUB) differs in the device code only.
std::unique_ptr<KernelRun> prepareGpu(const RunRequest& request);
std::unique_ptr<KernelRun> prepareGpuLibrary(const RunRequest& request);
// A user's entry (--cuda-source) in the gpu variant's place: kSourceSignature.
std::unique_ptr<KernelRun> prepareGpuSource(const RunRequest& request,
                                            const gpu::CudaSource& source);
// What it must define, ENTRY standing for its name (docs/cuda-source.md).
inline constexpr const char* kSourceSignature =
    "template <typename T> __global__ void ENTRY(const T* in, T* out, unsigned long long n, "
    "T addend): out[i] = in[i] + addend for i < n, one thread per element";
// What a function of a user's Python file takes to join add (accellab.Builtin, docs/python.md).
inline constexpr const char* kPythonSignature =
    "def f(a, b, addend): b[...] = a + addend, a and b NumPy arrays of the shape";

}  // namespace accellab::kernels::add
