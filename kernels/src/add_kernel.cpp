#include "add_kernel.h"

#include <array>
#include <stdexcept>

#include "add_arrays.h"
#include "cpu/parallel.h"
#include "cpu/scalar_loops.h"
#include "cpu/simd.h"
#include "cuda/gpu.h"
#include "host_array.h"
#include "stop_chunks.h"
#include "variants.h"

namespace accellab::kernels {
namespace {

constexpr std::array kVariants{
    VariantSpec{Variant::loop, "scalar triple loop z, y, x; compiler vectorization off"},
    VariantSpec{Variant::loopStrided,
                "the tutorial's order: x outermost, then z, y innermost; every access jumps a row"},
    VariantSpec{Variant::vectorized, "Google Highway SIMD, one thread, best ISA of this CPU"},
    VariantSpec{Variant::parallel,
                "OpenMP threads over contiguous chunks, each running the SIMD loop"},
    VariantSpec{Variant::gpu, "CUDA grid-stride kernel; pinned and pageable copies timed apart"},
};

// The tutorial's array: 512 Mi elements, 4 GiB per f64 array.
constexpr Shape3 kDefaultShape{1024, 1024, 512};

const Shape3& shapeOf(const Params& params) {
  if (!params.shape) throw std::runtime_error("add needs a shape");
  return *params.shape;
}

std::uint64_t elementsOf(const Params& params) {
  const auto count = elementCount(shapeOf(params));
  if (!count) throw std::runtime_error("shape " + toString(shapeOf(params)) + " overflows");
  return *count;
}

template <class T>
class CpuAddRun final : public KernelRun {
 public:
  CpuAddRun(const Shape3& shape, std::uint64_t elements, std::uint64_t seed, Variant variant,
            int threads)
      : shape_(shape),
        in_(elements),
        out_(elements),
        variant_(variant),
        threads_(threads),
        stores_(simd::storesFor(2 * elements * sizeof(T))) {
    fillInput(in_.span(), seed);
    kernels::poisonOutput(out_.span());
  }

  void poisonOutput() override { kernels::poisonOutput(out_.span()); }

  RunOutcome run(std::stop_token stop) override {
    const T* in = in_.span().data();
    T* out = out_.span().data();
    const std::uint64_t n = in_.span().size();
    RunOutcome outcome;
    switch (variant_) {
      case Variant::loop:
        outcome.cancelled = !addLoop(in, out, shape_, stop);
        break;
      case Variant::loopStrided:
        outcome.cancelled = !addLoopStrided(in, out, shape_, stop);
        break;
      case Variant::vectorized:
        outcome.cancelled = !forEachChunk(n, kAddChunkElements, stop, [&](auto begin, auto end) {
          simd::add(in + begin, out + begin, end - begin, stores_);
        });
        break;
      case Variant::parallel:
        // A chunk per thread between stop checks: pieces for every thread, a few ms in all.
        outcome.cancelled =
            !forEachChunk(n, kAddChunkElements * static_cast<std::uint64_t>(threads_), stop,
                          [&](auto begin, auto end) {
                            addParallel(in + begin, out + begin, end - begin, threads_, stores_);
                          });
        break;
      case Variant::gpu:
        throw std::logic_error("the gpu variant runs in GpuAddRun");
    }
    return outcome;
  }

  Verification verify() const override { return verifyAdd<T>(in_.span(), out_.span(), shape_); }

  std::string isa() const override {
    return variant_ == Variant::vectorized || variant_ == Variant::parallel ? simd::targetName()
                                                                            : "scalar";
  }

 private:
  Shape3 shape_;
  HostArray<T> in_;
  HostArray<T> out_;
  Variant variant_;
  int threads_;
  simd::Stores stores_;
};

}  // namespace

AddKernel::AddKernel(const GpuTarget& gpu) : gpuDevice_(gpu.device) {
  info_.name = "add";
  info_.description = "out[z][y][x] = in[z][y][x] + 2 over a 3-D array (memory-bound)";
  info_.problem = ProblemKind::array3d;
  info_.dtypes = {DType::f32, DType::f64};
  info_.defaults.shape = kDefaultShape;
  info_.defaults.dtype = DType::f64;
  info_.variants = describeVariants(kVariants, gpu.availability);
}

Workload AddKernel::workload(const Params& params) const {
  const std::uint64_t elements = elementsOf(params);
  return {elements, 2 * elements * sizeOf(params.dtype)};  // read in, write out
}

MemoryNeed AddKernel::memoryNeed(const Params& params, std::string_view variant) const {
  const std::uint64_t arrays = workload(params).bytes;  // in + out
  MemoryNeed need{arrays, 0};
  if (variant == "gpu") {
    need.deviceBytes = arrays;
    need.hostBytes = 2 * arrays;  // pinned in + out for the timed copies, pageable for the others
  }
  return need;
}

std::unique_ptr<KernelRun> AddKernel::prepare(const Params& params, std::string_view variant,
                                              int threads) const {
  const Variant chosen = requireVariant(info_, variant);
  const Shape3& shape = shapeOf(params);
  if (chosen == Variant::gpu) return gpu::prepareAdd(gpuDevice_, shape, params.dtype, params.seed);
  const std::uint64_t elements = elementsOf(params);
  const int threadCount = threadsFor(threads);
  if (params.dtype == DType::f32) {
    return std::make_unique<CpuAddRun<float>>(shape, elements, params.seed, chosen, threadCount);
  }
  return std::make_unique<CpuAddRun<double>>(shape, elements, params.seed, chosen, threadCount);
}

}  // namespace accellab::kernels
