// The SIMD variants of matmul (vectorized, parallel): GotoBLAS's scheme in small. For each
// block of B (kDepth rows by up to kColumnBlock columns, packed into panels as wide as the
// micro-tile), every block of kRowBlock rows of A is packed into panels of kTileRows rows, and
// a register-tiled micro-kernel computes a kTileRows x (kVectors vectors) tile of C from one
// panel of each: per step of depth it broadcasts one element of A per row and multiplies it by
// the panel's vectors of B with FMAs into 12 accumulators that never leave the registers.
// Packing makes every load of the micro-kernel sequential; the B panel (16 KiB in f64 on AVX2)
// stays in L1 and the A block (192 KiB) in L2. OpenMP threads share the row blocks of C.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "matmul/matmul_highway.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace accellab {
namespace kernels {
namespace matmul {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// 6 rows x 2 vectors: 12 accumulators, 2 vectors of B and a broadcast fill 15 of AVX2's 16
// registers, and 12 independent FMA chains hide the FMA latency on two FMA ports.
constexpr size_t kTileRows = 6;
constexpr size_t kVectors = 2;

template <class D, class V>
HWY_INLINE void StoreRow(D d, V v0, V v1, hn::TFromD<D>* HWY_RESTRICT row, bool accumulate) {
  const size_t lanes = hn::Lanes(d);
  if (accumulate) {
    v0 = hn::Add(hn::LoadU(d, row), v0);
    v1 = hn::Add(hn::LoadU(d, row + lanes), v1);
  }
  hn::StoreU(v0, d, row);
  hn::StoreU(v1, d, row + lanes);
}

// tile (kTileRows rows, ldc apart) = [tile +] panelA * panelB over `depth` steps. panelA holds
// kTileRows elements per step, panelB kVectors vectors per step (aligned: packed).
template <class T>
HWY_INLINE void MicroTile(size_t depth, const T* HWY_RESTRICT pa, const T* HWY_RESTRICT pb,
                          T* HWY_RESTRICT tile, size_t ldc, bool accumulate) {
  const hn::ScalableTag<T> d;
  const size_t lanes = hn::Lanes(d);
  auto c00 = hn::Zero(d), c01 = hn::Zero(d), c10 = hn::Zero(d), c11 = hn::Zero(d);
  auto c20 = hn::Zero(d), c21 = hn::Zero(d), c30 = hn::Zero(d), c31 = hn::Zero(d);
  auto c40 = hn::Zero(d), c41 = hn::Zero(d), c50 = hn::Zero(d), c51 = hn::Zero(d);
  for (size_t k = 0; k < depth; ++k) {
    const auto b0 = hn::Load(d, pb);
    const auto b1 = hn::Load(d, pb + lanes);
    auto a = hn::Set(d, pa[0]);
    c00 = hn::MulAdd(a, b0, c00);
    c01 = hn::MulAdd(a, b1, c01);
    a = hn::Set(d, pa[1]);
    c10 = hn::MulAdd(a, b0, c10);
    c11 = hn::MulAdd(a, b1, c11);
    a = hn::Set(d, pa[2]);
    c20 = hn::MulAdd(a, b0, c20);
    c21 = hn::MulAdd(a, b1, c21);
    a = hn::Set(d, pa[3]);
    c30 = hn::MulAdd(a, b0, c30);
    c31 = hn::MulAdd(a, b1, c31);
    a = hn::Set(d, pa[4]);
    c40 = hn::MulAdd(a, b0, c40);
    c41 = hn::MulAdd(a, b1, c41);
    a = hn::Set(d, pa[5]);
    c50 = hn::MulAdd(a, b0, c50);
    c51 = hn::MulAdd(a, b1, c51);
    pa += kTileRows;
    pb += kVectors * lanes;
  }
  StoreRow(d, c00, c01, tile, accumulate);
  StoreRow(d, c10, c11, tile + ldc, accumulate);
  StoreRow(d, c20, c21, tile + 2 * ldc, accumulate);
  StoreRow(d, c30, c31, tile + 3 * ldc, accumulate);
  StoreRow(d, c40, c41, tile + 4 * ldc, accumulate);
  StoreRow(d, c50, c51, tile + 5 * ldc, accumulate);
}

// C[0, rows) x [0, columns) (row stride n) = [C +] packedA * packedB, both packed over `depth`.
// A tile cut by the matrix's edge is computed whole into a local tile (the panels are padded
// with zeros) and only its part inside C is added or stored.
template <class T>
void MultiplyBlockImpl(const T* HWY_RESTRICT packedA, const T* HWY_RESTRICT packedB,
                       T* HWY_RESTRICT c, size_t n, size_t rows, size_t columns, size_t depth,
                       bool accumulate) {
  const hn::ScalableTag<T> d;
  const size_t width = kVectors * hn::Lanes(d);
  HWY_ALIGN T edge[kTileRows * kVectors * HWY_MAX_BYTES / sizeof(T)];
  // Column panels outside: a panel of B (depth x width) stays in L1 while the row panels of
  // A pass it.
  for (size_t j = 0; j < columns; j += width) {
    const T* pb = packedB + j * depth;
    const size_t tileColumns = HWY_MIN(width, columns - j);
    for (size_t i = 0; i < rows; i += kTileRows) {
      const T* pa = packedA + i * depth;
      const size_t tileRows = HWY_MIN(kTileRows, rows - i);
      T* tile = c + i * n + j;
      if (tileRows == kTileRows && tileColumns == width) {
        MicroTile(depth, pa, pb, tile, n, accumulate);
        continue;
      }
      MicroTile(depth, pa, pb, edge, width, false);
      for (size_t r = 0; r < tileRows; ++r) {
        for (size_t s = 0; s < tileColumns; ++s) {
          const T value = edge[r * width + s];
          tile[r * n + s] = accumulate ? tile[r * n + s] + value : value;
        }
      }
    }
  }
}

void MultiplyBlockF32(const float* packedA, const float* packedB, float* c, size_t n, size_t rows,
                      size_t columns, size_t depth, bool accumulate) {
  MultiplyBlockImpl(packedA, packedB, c, n, rows, columns, depth, accumulate);
}
void MultiplyBlockF64(const double* packedA, const double* packedB, double* c, size_t n,
                      size_t rows, size_t columns, size_t depth, bool accumulate) {
  MultiplyBlockImpl(packedA, packedB, c, n, rows, columns, depth, accumulate);
}

size_t PanelWidthF32() { return kVectors * hn::Lanes(hn::ScalableTag<float>()); }
size_t PanelWidthF64() { return kVectors * hn::Lanes(hn::ScalableTag<double>()); }

}  // namespace HWY_NAMESPACE
}  // namespace matmul
}  // namespace kernels
}  // namespace accellab
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
#include <algorithm>
#include <atomic>
#include <cstdint>

#include "arrays/host_array.h"
#include "matmul_multiply.h"

namespace accellab::kernels::matmul {

HWY_EXPORT(MultiplyBlockF32);
HWY_EXPORT(MultiplyBlockF64);
HWY_EXPORT(PanelWidthF32);
HWY_EXPORT(PanelWidthF64);

namespace {

// The micro-tile's rows (HWY_NAMESPACE::kTileRows, the same on every target).
constexpr std::size_t kTileRows = 6;
// Depth of a packed block: a B panel of kDepth x (2 vectors) fits L1 (16 KiB in f64 on AVX2).
constexpr std::size_t kDepth = 256;
// Rows of A packed at once (a multiple of kTileRows): 96 x kDepth is 192 KiB in f64, in L2.
// Also the unit of work a thread takes and of the stop checks: 2 * 96 * 256 * n FLOPs, about
// 10 ms at n = 2048 on one core.
constexpr std::size_t kRowBlock = 96;
// Columns of B packed at once: bounds the packed block (8 MiB in f64) for any n.
constexpr std::size_t kColumnBlock = 4096;

void multiplyBlock(const float* packedA, const float* packedB, float* c, std::size_t n,
                   std::size_t rows, std::size_t columns, std::size_t depth, bool accumulate) {
  HWY_DYNAMIC_DISPATCH(MultiplyBlockF32)(packedA, packedB, c, n, rows, columns, depth, accumulate);
}
void multiplyBlock(const double* packedA, const double* packedB, double* c, std::size_t n,
                   std::size_t rows, std::size_t columns, std::size_t depth, bool accumulate) {
  HWY_DYNAMIC_DISPATCH(MultiplyBlockF64)(packedA, packedB, c, n, rows, columns, depth, accumulate);
}

template <class T>
std::size_t panelWidth() {
  if constexpr (sizeof(T) == 4) {
    return HWY_DYNAMIC_DISPATCH(PanelWidthF32)();
  } else {
    return HWY_DYNAMIC_DISPATCH(PanelWidthF64)();
  }
}

// Rows [i0, i1) x depth [k0, k1) of A (row stride n) as panels of kTileRows rows, each
// element of a depth step next to the others; rows past i1 are zero.
template <class T>
void packA(const T* a, std::size_t n, std::size_t i0, std::size_t i1, std::size_t k0,
           std::size_t k1, T* packed) {
  const std::size_t depth = k1 - k0;
  for (std::size_t i = i0; i < i1; i += kTileRows) {
    for (std::size_t r = 0; r < kTileRows; ++r) {
      for (std::size_t k = 0; k < depth; ++k)
        packed[k * kTileRows + r] = i + r < i1 ? a[(i + r) * n + k0 + k] : T(0);
    }
    packed += depth * kTileRows;
  }
}

// Depth [k0, k1) x columns [j0, j1) of B as panels `width` columns wide, one panel row per
// depth step; columns past j1 are zero.
template <class T>
void packB(const T* b, std::size_t n, std::size_t k0, std::size_t k1, std::size_t j0,
           std::size_t j1, std::size_t width, T* packed) {
  const std::size_t depth = k1 - k0;
  const auto panels = static_cast<std::int64_t>((j1 - j0 + width - 1) / width);
#pragma omp for schedule(static)
  for (std::int64_t p = 0; p < panels; ++p) {
    const std::size_t j = j0 + static_cast<std::size_t>(p) * width;
    T* panel = packed + static_cast<std::size_t>(p) * width * depth;
    for (std::size_t k = 0; k < depth; ++k) {
      for (std::size_t s = 0; s < width; ++s)
        panel[k * width + s] = j + s < j1 ? b[(k0 + k) * n + j + s] : T(0);
    }
  }
}

}  // namespace

template <class T>
PiecesDone multiplySimd(const T* a, const T* b, T* c, std::size_t n, int threads,
                        std::stop_token stop) {
  const std::size_t width = panelWidth<T>();
  const std::size_t columnBlock = std::min(kColumnBlock, (n + width - 1) / width * width);
  const HostArray<T> packedB(kDepth * columnBlock);
  const auto rowBlocks = static_cast<std::int64_t>((n + kRowBlock - 1) / kRowBlock);
  std::atomic<bool> stopped{false};
  std::atomic<int> worked{0};
#pragma omp parallel num_threads(threads) if (threads > 1)
  {
    const HostArray<T> packedA(kRowBlock * kDepth);
    bool did = false;  // a row block: fewer than kRowBlock rows per thread leave some idle
    // `stopped` changes only inside the row loop, so every thread reads the same value after
    // its closing barrier and all leave together.
    const auto going = [&] { return !stopped.load(std::memory_order_relaxed); };
    for (std::size_t j0 = 0; j0 < n && going(); j0 += columnBlock) {
      const std::size_t j1 = std::min(n, j0 + columnBlock);
      for (std::size_t k0 = 0; k0 < n && going(); k0 += kDepth) {
        const std::size_t k1 = std::min(n, k0 + kDepth);
        packB(b, n, k0, k1, j0, j1, width, packedB.span().data());  // ends on a barrier
        // Round-robin, not first come: every thread of the team gets a block when there are
        // enough, however late the OS wakes it (handed out first come, on a busy machine the
        // first thread up can take every block of a small product and leave the other idle).
#pragma omp for schedule(static, 1)
        for (std::int64_t block = 0; block < rowBlocks; ++block) {
          if (!going()) continue;
          if (stop.stop_requested()) {
            stopped.store(true, std::memory_order_relaxed);
            continue;
          }
          const std::size_t i0 = static_cast<std::size_t>(block) * kRowBlock;
          const std::size_t i1 = std::min(n, i0 + kRowBlock);
          packA(a, n, i0, i1, k0, k1, packedA.span().data());
          multiplyBlock(packedA.span().data(), packedB.span().data(), c + i0 * n + j0, n, i1 - i0,
                        j1 - j0, k1 - k0, k0 > 0);
          did = true;
        }
      }
    }
    if (did) worked.fetch_add(1, std::memory_order_relaxed);
  }
  return {!stopped.load(), worked.load()};
}

template PiecesDone multiplySimd(const float*, const float*, float*, std::size_t, int,
                                 std::stop_token);
template PiecesDone multiplySimd(const double*, const double*, double*, std::size_t, int,
                                 std::stop_token);

}  // namespace accellab::kernels::matmul
#endif  // HWY_ONCE
