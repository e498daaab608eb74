// The CPU ways of computing C = A * B for square n x n row-major matrices, each a variant of
// matmul. Every one writes all of C (no zeroing needed first) and returns false when it saw a
// stop request before finishing, leaving C partly written.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stop_token>
#include <string>

#include "cpu/pieces_done.h"

namespace accellab::kernels::matmul {

// Multiply-adds between two looks at the stop token in the scalar variants: a few ms even when
// every load of B misses the caches, as in the loop variant at n = 2048.
inline constexpr std::uint64_t kStopMultiplyAdds = std::uint64_t{1} << 20;

// The textbook i-j-k triple loop: C[i][j] is one dot product, walking B down a column.
// Scalar (matmul_loop.cpp is compiled without auto-vectorization).
template <class T>
bool multiplyLoop(const T* a, const T* b, T* c, std::size_t n, std::stop_token stop);

// Cache-blocked i-k-j over tiles, still scalar: what blocking alone buys.
template <class T>
bool multiplyBlocked(const T* a, const T* b, T* c, std::size_t n, std::stop_token stop);

// Packed panels and a register-tiled Highway micro-kernel (FMA: a broadcast element of A times
// a vector of B); row blocks of C shared among `threads` OpenMP threads (1: the calling
// thread alone). In matmul_highway.cpp, built only with Highway.
template <class T>
PiecesDone multiplySimd(const T* a, const T* b, T* c, std::size_t n, int threads,
                        std::stop_token stop);

// OpenBLAS's gemm on `threads` threads, called on row blocks of C so that a stop is seen
// between them. In matmul_blas.cpp, built only with OpenBLAS.
template <class T>
bool multiplyBlas(const T* a, const T* b, T* c, std::size_t n, int threads, std::stop_token stop);

}  // namespace accellab::kernels::matmul
