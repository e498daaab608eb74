// add: out[z][y][x] = in[z][y][x] + 2 over a 3-D array in C order, f32 or f64 — the
// tutorial's first kernel, memory-bound.
#include <memory>
#include <stdexcept>

#include "add_python.h"
#include "add_variants.h"
#include "add_verify.h"
#include "arrays/array_data.h"
#include "arrays/array_problem.h"
#include "arrays/host_array.h"
#include "cpu/stop_chunks.h"
#include "mpi/distributed_run.h"
#include "table/kernel_table.h"

namespace accellab::kernels::add {
namespace {

// The tutorial's array: 512 Mi elements, 4 GiB per f64 array.
constexpr Shape3 kDefaultShape{1024, 1024, 512};

template <class T>
struct Arrays {
  const T* in;
  T* out;
  std::uint64_t n;
  const Shape3& shape;
  int threads;
  simd::Stores stores;
  std::uint64_t splitFromBytes;
};

// One CPU variant's loop over the whole array; incomplete when stopped.
struct Loop {
  static std::string isa() { return "scalar"; }
  template <class T>
  static PiecesDone run(const Arrays<T>& a, std::stop_token stop) {
    return ranSerially(addLoop(a.in, a.out, a.shape, stop));
  }
};

struct LoopStrided {
  static std::string isa() { return "scalar"; }
  template <class T>
  static PiecesDone run(const Arrays<T>& a, std::stop_token stop) {
    return ranSerially(addLoopStrided(a.in, a.out, a.shape, stop));
  }
};

struct Vectorized {
  static std::string isa() { return simd::targetName(); }
  static constexpr bool choosesStores = true;
  template <class T>
  static PiecesDone run(const Arrays<T>& a, std::stop_token stop) {
    return ranSerially(forEachChunk(a.n, kAddChunkElements, stop, [&](auto begin, auto end) {
      addSimd(a.in + begin, a.out + begin, end - begin, a.stores);
    }));
  }
};

struct Parallel {
  static std::string isa() { return simd::targetName(); }
  static constexpr bool threaded = true;
  static constexpr bool choosesStores = true;
  template <class T>
  static PiecesDone run(const Arrays<T>& a, std::stop_token stop) {
    return addParallel(a.in, a.out, a.n, a.threads, a.stores, a.splitFromBytes, stop);
  }
};

struct StdPar {
  static std::string isa() { return ""; }  // whatever the compiler made of the lambda
  template <class T>
  static PiecesDone run(const Arrays<T>& a, std::stop_token stop) {
    const std::uint64_t chunk = kAddChunkElements * static_cast<std::uint64_t>(a.threads);
    // TBB's threads: who worked is not known here.
    return {.complete = forEachChunk(a.n, chunk, stop, [&](auto begin, auto end) {
              addStdPar(a.in + begin, a.out + begin, end - begin, a.threads);
            })};
  }
};

template <class T, class Variant>
class CpuAddRun final : public KernelRun {
 public:
  explicit CpuAddRun(const RunRequest& request)
      : shape_(shapeOf(request.params)),
        in_(elementsOf(request.params)),
        out_(in_.span().size(), kHalfPage),  // no 4K aliasing with in_ (host_array.h)
        threads_(request.threads),
        stores_(simd::storesFor(2 * in_.span().size() * sizeof(T), request.streamingFromBytes)),
        splitFromBytes_(request.splitFromBytes) {
    fillUniform(in_.span(), request.params.seed, 0, request.firstElement);
    poison(out_.span());
  }

  void poisonOutput() override { poison(out_.span()); }

  RunOutcome run(std::stop_token stop) override {
    const Arrays<T> arrays{
        in_.span().data(), out_.span().data(), in_.span().size(), shape_, threads_,
        stores_,           splitFromBytes_};
    return outcomeOf<Variant>(Variant::run(arrays, std::move(stop)));
  }

  Verification verify() const override { return verifyAdd<T>(in_.span(), out_.span(), shape_); }

  std::string isa() const override { return Variant::isa(); }

  std::string stores() const override { return simd::storesReported<Variant>(stores_); }

 private:
  Shape3 shape_;
  HostArray<T> in_;
  HostArray<T> out_;
  int threads_;
  simd::Stores stores_;
  std::uint64_t splitFromBytes_;
};

template <class Variant>
std::unique_ptr<KernelRun> prepareCpu(const RunRequest& request) {
  return forDType(request.params.dtype, [&]<class T>(T) -> std::unique_ptr<KernelRun> {
    return std::make_unique<CpuAddRun<T, Variant>>(request);
  });
}

Workload workload(const KernelInfo&, const Params& params) {
  const std::uint64_t elements = elementsOf(params);
  return {elements, 2 * elements * sizeOf(params.dtype), elements};  // read in, write out
}

MemoryNeed memory(const KernelInfo& kernel, const Params& params, bool onDevice) {
  const std::uint64_t arrays = workload(kernel, params).bytes;  // in + out
  if (!onDevice) return {arrays, 0};
  // Pinned in + out for the timed copies, pageable for the others.
  return {2 * arrays, arrays};
}

}  // namespace

KernelTable table() {
  KernelTable table;
  KernelInfo& info = table.info;
  info.name = "add";
  info.description = "out[z][y][x] = in[z][y][x] + 2 over a 3-D array (memory-bound)";
  info.problem = ProblemKind::array3d;
  info.dtypes = {DType::f32, DType::f64};
  info.defaults.shape = kDefaultShape;
  info.defaults.dtype = DType::f64;
  info.intensityNote =
      "1 add per element; bytes: one element read and one written (8 per element in f32, 16 in "
      "f64)";
  info.sourceSignature = kSourceSignature;
  table.workload = &workload;
  table.memory = &memory;
  table.prepareSource = ACCELLAB_WITH_CUDA(&prepareGpuSource);
  table.sourceParameters = "const {T}*, {T}*, unsigned long long, {T}";
  info.pythonSignature = kPythonSignature;
  table.preparePython = &preparePythonFunction;
  table.variants = {
      {.name = "loop",
       .description = "scalar triple loop z, y, x; compiler vectorization off",
       .prepare = &prepareCpu<Loop>},
      {.name = "loop-strided",
       .description =
           "the tutorial's order: x outermost, then z, y innermost; every access jumps a row",
       .prepare = &prepareCpu<LoopStrided>,
       .optIn = true},
      {.name = "vectorized",
       .description = "Google Highway SIMD, one thread, best ISA of this CPU",
       .needs = Needs::highway,
       .prepare = ACCELLAB_WITH_HIGHWAY(&prepareCpu<Vectorized>)},
      {.name = "parallel",
       .description = "OpenMP threads over pieces sized to the problem, each running the SIMD loop",
       .needs = Needs::highway,
       .usesThreads = true,
       .prepare = ACCELLAB_WITH_HIGHWAY(&prepareCpu<Parallel>)},
      {.name = "gpu",
       .description = "CUDA grid-stride kernel; pinned and pageable copies timed apart",
       .needs = Needs::cuda,
       .prepare = ACCELLAB_WITH_CUDA(&prepareGpu)},
      {.name = "gpu-lib",
       .description =
           "CUB's DeviceTransform, the library call instead of a hand-written kernel (the "
           "tutorial's CuPy row); copies and timing as gpu",
       .needs = Needs::cuda,
       .prepare = ACCELLAB_WITH_CUDA(&prepareGpuLibrary)},
      {.name = "std-par",
       .description = "std::transform(std::execution::par_unseq) on TBB, limited to the threads",
       .needs = Needs::tbb,
       .usesThreads = true,
       .prepare = ACCELLAB_WITH_TBB(&prepareCpu<StdPar>)},
      {.name = "mpi",
       .description =
           "MPI ranks over equal shares of the elements, each running parallel (or gpu with "
           "--mpi-device) on its share; every share verified",
       .needs = Needs::mpi,
       .usesThreads = true,
       // Each share runs parallel: without Highway there is no row.
       .prepare = ACCELLAB_WITH_MPI(ACCELLAB_WITH_HIGHWAY(
           (&mpi::prepareElements<&prepareCpu<Parallel>, ACCELLAB_WITH_CUDA(&prepareGpu)>))),
       .optIn = true},
  };
  for (VariantRow& row : pythonRows()) table.variants.push_back(std::move(row));
  return table;
}

}  // namespace accellab::kernels::add
