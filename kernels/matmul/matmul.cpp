// matmul: C = A * B for square n x n row-major matrices, f32 or f64 — compute-bound once
// blocked, the kernel where the ladder from loop to SIMD, threads and a tuned library is
// steepest.
#include <memory>

#include "arrays/array_data.h"
#include "arrays/host_array.h"
#include "cpu/simd.h"
#include "matmul_gpu.h"
#include "matmul_multiply.h"
#include "matmul_verify.h"
#include "probe/blas_identity.h"
#include "table/kernel_table.h"

namespace accellab::kernels::matmul {
namespace {

// A, B and C of the default n: 32 MiB each in f64, beyond the last-level cache of most
// machines, and seconds of work for the SIMD variants.
constexpr std::uint64_t kDefaultN = 2048;
// 96 GiB of f64 matrices: the memory guard refuses what the machine cannot hold.
constexpr std::uint64_t kMaxN = 65536;

std::size_t nOf(const KernelInfo& kernel, const Params& params) {
  return static_cast<std::size_t>(paramOf(kernel, params, "n"));
}

// One CPU variant's multiplication; false when stopped.
struct Loop {
  static std::string isa() { return "scalar"; }
  template <class T>
  static PiecesDone run(const T* a, const T* b, T* c, std::size_t n, int, std::stop_token stop) {
    return ranSerially(multiplyLoop(a, b, c, n, std::move(stop)));
  }
};

struct Blocked {
  static std::string isa() { return "scalar"; }
  template <class T>
  static PiecesDone run(const T* a, const T* b, T* c, std::size_t n, int, std::stop_token stop) {
    return ranSerially(multiplyBlocked(a, b, c, n, std::move(stop)));
  }
};

struct Vectorized {
  static std::string isa() { return simd::targetName(); }
  template <class T>
  static PiecesDone run(const T* a, const T* b, T* c, std::size_t n, int, std::stop_token stop) {
    return multiplySimd(a, b, c, n, 1, std::move(stop));
  }
};

struct Parallel {
  static std::string isa() { return simd::targetName(); }
  static constexpr bool threaded = true;
  template <class T>
  static PiecesDone run(const T* a, const T* b, T* c, std::size_t n, int threads,
                        std::stop_token stop) {
    return multiplySimd(a, b, c, n, threads, std::move(stop));
  }
};

struct Blas {
  static std::string isa() { return "OpenBLAS " + blasIdentity().core; }
  template <class T>
  static PiecesDone run(const T* a, const T* b, T* c, std::size_t n, int threads,
                        std::stop_token stop) {
    // OpenBLAS's own threads: who worked is not known here.
    return {.complete = multiplyBlas(a, b, c, n, threads, std::move(stop))};
  }
};

template <class T, class Variant>
class CpuMatmulRun final : public KernelRun {
 public:
  CpuMatmulRun(std::size_t n, std::uint64_t seed, int threads)
      : n_(n), seed_(seed), threads_(threads), a_(n * n), b_(n * n), c_(n * n) {
    fillUniform(a_.span(), seed, 0);
    fillUniform(b_.span(), seed, 1);
    poison(c_.span());
  }

  void poisonOutput() override { poison(c_.span()); }

  RunOutcome run(std::stop_token stop) override {
    return outcomeOf<Variant>(Variant::run(a_.span().data(), b_.span().data(), c_.span().data(), n_,
                                           threads_, std::move(stop)));
  }

  Verification verify() const override {
    return verifyMatmul<T>(a_.span(), b_.span(), c_.span(), n_, seed_);
  }

  std::string isa() const override { return Variant::isa(); }

 private:
  std::size_t n_;
  std::uint64_t seed_;
  int threads_;
  HostArray<T> a_;
  HostArray<T> b_;
  HostArray<T> c_;
};

template <class Variant>
std::unique_ptr<KernelRun> prepareCpu(const RunRequest& request) {
  const std::size_t n = nOf(request.kernel, request.params);
  const std::uint64_t seed = request.params.seed;
  return forDType(request.params.dtype, [&]<class T>(T) -> std::unique_ptr<KernelRun> {
    return std::make_unique<CpuMatmulRun<T, Variant>>(n, seed, request.threads);
  });
}

// Unused in a build without CUDA, whose table has no prepare function for gpu.
template <gpu::DeviceCode code>
[[maybe_unused]] std::unique_ptr<KernelRun> prepareDevice(const RunRequest& request) {
  return prepareGpu(request.gpuDevice, nOf(request.kernel, request.params), request.params.dtype,
                    request.params.seed, code);
}

Workload workload(const KernelInfo& kernel, const Params& params) {
  const std::uint64_t n = nOf(kernel, params);
  return {n * n, 3 * n * n * sizeOf(params.dtype), 2 * n * n * n};
}

// A, B and C; the packed blocks of the SIMD variants add a few MiB, the verification O(n).
MemoryNeed memory(const KernelInfo& kernel, const Params& params, bool onDevice) {
  const std::uint64_t matrices = workload(kernel, params).bytes;
  return {matrices, onDevice ? matrices : 0};
}

}  // namespace

KernelTable table() {
  KernelTable table;
  KernelInfo& info = table.info;
  info.name = "matmul";
  info.description = "C = A * B for square n x n matrices, row-major (compute-bound when blocked)";
  info.problem = ProblemKind::parameters;
  // 1 and 7: below every tile; 33: a tail in every dimension; 130: past the blocked variant's
  // 128-deep tiles; 257: past the SIMD variants' 256-deep blocks (C accumulated over two) and
  // past the size where verification compares every element.
  info.parameters = {
      {"n", "rows and columns of A, B and C", kDefaultN, 1, kMaxN, {1, 7, 33, 130, 257}}};
  info.dtypes = {DType::f32, DType::f64};
  info.defaults.dtype = DType::f64;
  info.intensityNote =
      "2*n^3 FLOPs (a multiply-add per k for each C[i][j]); bytes: A and B read once and C "
      "written once, 3*n^2 elements (24*n^2 bytes in f64), the compulsory traffic, so n/12 "
      "FLOPs per byte in f64 and n/6 in f32. Only blocking lets the real traffic approach it: "
      "the loop variant reads B again for every row of C";
  table.workload = &workload;
  table.memory = &memory;
  table.variants = {
      {.name = "loop",
       .description = "the textbook i-j-k triple loop, B walked down its columns; scalar",
       .prepare = &prepareCpu<Loop>},
      {.name = "blocked",
       .description = "cache-blocked i-k-j over 32x128x128 tiles; scalar, no SIMD",
       .prepare = &prepareCpu<Blocked>},
      {.name = "vectorized",
       .description =
           "packed blocks and a 6-row register-tiled Highway FMA micro-kernel, one thread",
       .needs = Needs::highway,
       .prepare = ACCELLAB_WITH_HIGHWAY(&prepareCpu<Vectorized>)},
      {.name = "parallel",
       .description = "OpenMP threads over row blocks of C, each running the SIMD micro-kernel",
       .needs = Needs::highway,
       .usesThreads = true,
       .prepare = ACCELLAB_WITH_HIGHWAY(&prepareCpu<Parallel>)},
      {.name = "gpu",
       .description = "CUDA kernel on 32x32 shared-memory tiles",
       .needs = Needs::cuda,
       .prepare = ACCELLAB_WITH_CUDA(&prepareDevice<gpu::DeviceCode::ownKernel>)},
      {.name = "gpu-lib",
       .description =
           "cuBLAS gemm (cublasSgemm / cublasDgemm, default math: no TF32), loaded at run time",
       .needs = Needs::cublas,
       .prepare = ACCELLAB_WITH_CUDA(&prepareDevice<gpu::DeviceCode::library>)},
      {.name = "blas",
       .description = "OpenBLAS gemm (cblas_sgemm / cblas_dgemm) on the point's threads",
       .needs = Needs::blas,
       .usesThreads = true,
       .prepare = ACCELLAB_WITH_BLAS(&prepareCpu<Blas>)},
  };
  return table;
}

}  // namespace accellab::kernels::matmul
