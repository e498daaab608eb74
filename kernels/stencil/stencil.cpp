// stencil: one Jacobi sweep of the 7-point stencil over a 3-D grid, f32 or f64
// (stencil_sweep.h) — memory-bound, with neighbours that reward cache blocking.
#include <memory>
#include <stdexcept>

#include "arrays/array_data.h"
#include "arrays/array_problem.h"
#include "arrays/host_array.h"
#include "cpu/simd.h"
#include "stencil_gpu.h"
#include "stencil_sweep.h"
#include "stencil_verify.h"
#include "table/kernel_table.h"

namespace accellab::kernels::stencil {
namespace {

// 128 Mi points, 1 GiB per f64 array: far beyond any last-level cache, and the two arrays
// still fit beside other work on a 16 GiB machine or a GPU.
constexpr Shape3 kDefaultShape{512, 512, 512};

// One CPU variant's sweep; incomplete when stopped.
struct Loop {
  static std::string isa() { return "scalar"; }
  template <class T>
  static PiecesDone sweep(const T* in, T* out, const Shape3& shape, int, simd::Stores,
                          std::stop_token stop) {
    return ranSerially(sweepLoop(in, out, shape, std::move(stop)));
  }
};

struct Vectorized {
  static std::string isa() { return simd::targetName(); }
  static constexpr bool choosesStores = true;
  template <class T>
  static PiecesDone sweep(const T* in, T* out, const Shape3& shape, int, simd::Stores stores,
                          std::stop_token stop) {
    return ranSerially(sweepVectorized(in, out, shape, stores, std::move(stop)));
  }
};

struct Parallel {
  static std::string isa() { return simd::targetName(); }
  static constexpr bool threaded = true;
  static constexpr bool choosesStores = true;
  template <class T>
  static PiecesDone sweep(const T* in, T* out, const Shape3& shape, int threads,
                          simd::Stores stores, std::stop_token stop) {
    return sweepParallel(in, out, shape, threads, stores, std::move(stop));
  }
};

template <class T, class Variant>
class CpuStencilRun final : public KernelRun {
 public:
  explicit CpuStencilRun(const RunRequest& request)
      : shape_(shapeOf(request.params)),
        in_(elementsOf(request.params)),
        out_(in_.span().size(), kHalfPage),
        threads_(request.threads),
        // In and out, each read or written once.
        stores_(simd::storesFor(2 * in_.span().size() * sizeof(T), request.streamingFromBytes)) {
    fillUniform(in_.span(), request.params.seed);
    poison(out_.span());
  }

  void poisonOutput() override { poison(out_.span()); }

  RunOutcome run(std::stop_token stop) override {
    return outcomeOf<Variant>(Variant::sweep(in_.span().data(), out_.span().data(), shape_,
                                             threads_, stores_, std::move(stop)));
  }

  Verification verify() const override { return verifyStencil<T>(in_.span(), out_.span(), shape_); }

  std::string isa() const override { return Variant::isa(); }

  std::string stores() const override { return simd::storesReported<Variant>(stores_); }

 private:
  Shape3 shape_;
  HostArray<T> in_;
  HostArray<T> out_;
  int threads_;
  simd::Stores stores_;
};

template <class Variant>
std::unique_ptr<KernelRun> prepareCpu(const RunRequest& request) {
  return forDType(request.params.dtype, [&]<class T>(T) -> std::unique_ptr<KernelRun> {
    return std::make_unique<CpuStencilRun<T, Variant>>(request);
  });
}

// The rule: one array read and one written per point, as if every neighbour came from
// cache. The blocked variants come close (their halo rows and planes add 12 % at 512^3 f64); the
// loop finds its neighbours in the last-level cache at best, or in memory once three planes exceed
// it.
Workload workload(const KernelInfo&, const Params& params) {
  const std::uint64_t points = elementsOf(params);
  return {points, 2 * points * sizeOf(params.dtype), 8 * points};
}

MemoryNeed memory(const KernelInfo& kernel, const Params& params, bool onDevice) {
  const std::uint64_t arrays = workload(kernel, params).bytes;  // in + out
  // The device variant holds pinned host copies of both arrays and both on the device.
  return {arrays, onDevice ? arrays : 0};
}

}  // namespace

KernelTable table() {
  KernelTable table;
  KernelInfo& info = table.info;
  info.name = "stencil";
  info.description =
      "one Jacobi sweep of the 7-point stencil over a 3-D grid: out = 0.25 * centre + 0.125 * "
      "(6 face neighbours), boundary copied (memory-bound)";
  info.problem = ProblemKind::array3d;
  info.dtypes = {DType::f32, DType::f64};
  info.defaults.shape = kDefaultShape;
  info.defaults.dtype = DType::f64;
  info.intensityNote =
      "8 FLOPs per point (6 adds and 2 multiplies; an FMA counts 2), boundary points counted "
      "alike; bytes: one element read and one written per point (8 in f32, 16 in f64), as if "
      "the neighbours came from cache";
  table.workload = &workload;
  table.memory = &memory;
  table.variants = {
      {.name = "loop",
       .description = "scalar triple loop z, y, x; compiler vectorization off",
       .prepare = &prepareCpu<Loop>},
      {.name = "vectorized",
       .description =
           "Google Highway SIMD along x, one thread, over slabs of rows whose three planes in "
           "flight fit in L2",
       .needs = Needs::highway,
       .prepare = ACCELLAB_WITH_HIGHWAY(&prepareCpu<Vectorized>)},
      {.name = "parallel",
       .description = "OpenMP threads over the cache blocks, each running the SIMD rows",
       .needs = Needs::highway,
       .usesThreads = true,
       .prepare = ACCELLAB_WITH_HIGHWAY(&prepareCpu<Parallel>)},
      {.name = "gpu",
       .description = "CUDA: a 32x8 thread tile marching in z, the z neighbours kept in registers",
       .needs = Needs::cuda,
       .prepare = ACCELLAB_WITH_CUDA(&prepareGpu)},
  };
  return table;
}

}  // namespace accellab::kernels::stencil
