// triad: a = b + 3 c over three 3-D arrays, f32 or f64 — STREAM's triad, memory-bound.
#include <memory>
#include <stdexcept>

#include "arrays/array_data.h"
#include "arrays/array_problem.h"
#include "arrays/host_array.h"
#include "cpu/pieces_done.h"
#include "cpu/stop_chunks.h"
#include "mpi/distributed_run.h"
#include "probe/blas_identity.h"
#include "python/python_arrays_run.h"
#include "table/kernel_table.h"
#include "triad_variants.h"
#include "triad_verify.h"

namespace accellab::kernels::triad {
namespace {

// 64 Mi elements, 256x512x512 as add's bench shape: 512 MiB per f64 array, 1.5 GiB in all
// (768 MiB in f32), far beyond any last-level cache (STREAM asks for 4x), so every variant
// measures memory, not cache.
constexpr Shape3 kDefaultShape{256, 512, 512};

template <class T>
struct Piece {
  const T* b;
  const T* c;
  T* a;
  std::size_t n;
  int threads;
  simd::Stores stores;
  std::uint64_t splitFromBytes;
  Piece part(std::uint64_t begin, std::uint64_t end) const {
    return {b + begin, c + begin, a + begin, end - begin, threads, stores, splitFromBytes};
  }
};

// A variant's own loop over `whole` in chunks, a look at the stop token between them (a few
// ms each with a chunk per thread, as add's); false when stopped.
template <class T, class Loop>
bool inChunks(const Piece<T>& whole, const std::stop_token& stop, Loop&& loop) {
  const std::uint64_t chunk = kAddChunkElements * static_cast<std::uint64_t>(whole.threads);
  return forEachChunk(whole.n, chunk, stop,
                      [&](auto begin, auto end) { loop(whole.part(begin, end)); });
}

struct Loop {
  static std::string isa() { return "scalar"; }
  template <class T>
  static PiecesDone run(const Piece<T>& whole, const std::stop_token& stop) {
    return ranSerially(
        inChunks(whole, stop, [](const Piece<T>& p) { triadLoop(p.b, p.c, p.a, p.n); }));
  }
};

struct Vectorized {
  static std::string isa() { return simd::targetName(); }
  static constexpr bool choosesStores = true;
  template <class T>
  static PiecesDone run(const Piece<T>& whole, const std::stop_token& stop) {
    return ranSerially(
        inChunks(whole, stop, [](const Piece<T>& p) { triadSimd(p.b, p.c, p.a, p.n, p.stores); }));
  }
};

struct Parallel {
  static std::string isa() { return simd::targetName(); }
  static constexpr bool threaded = true;
  static constexpr bool choosesStores = true;
  template <class T>
  static PiecesDone run(const Piece<T>& p, const std::stop_token& stop) {
    return triadParallel(p.b, p.c, p.a, p.n, p.threads, p.stores, p.splitFromBytes, stop);
  }
};

// The libraries' own threads: who worked is not known here.
struct StdPar {
  static std::string isa() { return ""; }  // whatever the compiler made of the lambda
  template <class T>
  static PiecesDone run(const Piece<T>& whole, const std::stop_token& stop) {
    return {.complete = inChunks(whole, stop, [](const Piece<T>& p) {
              triadStdPar(p.b, p.c, p.a, p.n, p.threads);
            })};
  }
};

struct Blas {
  static std::string isa() { return "OpenBLAS " + blasIdentity().core; }
  template <class T>
  static PiecesDone run(const Piece<T>& whole, const std::stop_token& stop) {
    return {.complete = inChunks(
                whole, stop, [](const Piece<T>& p) { triadBlas(p.b, p.c, p.a, p.n, p.threads); })};
  }
};

template <class T, class Variant>
class CpuTriadRun final : public KernelRun {
 public:
  explicit CpuTriadRun(const RunRequest& request)
      : shape_(shapeOf(request.params)),
        b_(elementsOf(request.params)),
        c_(b_.span().size()),
        a_(b_.span().size(), kHalfPage),  // no 4K aliasing with b_ and c_ (host_array.h)
        threads_(request.threads),
        stores_(simd::storesFor(3 * b_.span().size() * sizeof(T), request.streamingFromBytes)),
        splitFromBytes_(request.splitFromBytes) {
    fillUniform(b_.span(), request.params.seed, kStreamB, request.firstElement);
    fillUniform(c_.span(), request.params.seed, kStreamC, request.firstElement);
    poison(a_.span());
  }

  void poisonOutput() override { poison(a_.span()); }

  RunOutcome run(std::stop_token stop) override {
    const Piece<T> whole{b_.span().data(), c_.span().data(), a_.span().data(), a_.span().size(),
                         threads_,         stores_,          splitFromBytes_};
    return outcomeOf<Variant>(Variant::run(whole, stop));
  }

  Verification verify() const override {
    return verifyTriad<T>(b_.span(), c_.span(), a_.span(), shape_);
  }

  std::string isa() const override { return Variant::isa(); }

  std::string stores() const override { return simd::storesReported<Variant>(stores_); }

 private:
  Shape3 shape_;
  HostArray<T> b_;
  HostArray<T> c_;
  HostArray<T> a_;
  int threads_;
  simd::Stores stores_;
  std::uint64_t splitFromBytes_;
};

template <class Variant>
std::unique_ptr<KernelRun> prepareCpu(const RunRequest& request) {
  return forDType(request.params.dtype, [&]<class T>(T) -> std::unique_ptr<KernelRun> {
    return std::make_unique<CpuTriadRun<T, Variant>>(request);
  });
}

Workload workload(const KernelInfo&, const Params& params) {
  const std::uint64_t elements = elementsOf(params);
  // b and c read, a written; one FMA (2 flops) per element.
  return {elements, 3 * elements * sizeOf(params.dtype), 2 * elements};
}

// A user's function (kPythonSignature): b and c filled as the C++ variants fill them.
std::unique_ptr<KernelRun> preparePythonFunction(const RunRequest& request,
                                                 const PythonFunction& function) {
  return preparePythonArrays(request, functionRequest(function, kScale), {kStreamB, kStreamC},
                             [](const auto& inputs, auto output, const Shape3& shape) {
                               return verifyTriad(inputs[0], inputs[1], output, shape);
                             });
}

MemoryNeed memory(const KernelInfo& kernel, const Params& params, bool onDevice) {
  const std::uint64_t arrays = workload(kernel, params).bytes;  // b + c + a
  if (!onDevice) return {arrays, 0};
  return {arrays, arrays};  // pinned host arrays, and their copies on the device
}

}  // namespace

KernelTable table() {
  KernelTable table;
  KernelInfo& info = table.info;
  info.name = "triad";
  info.description = "a = b + 3 c over three 3-D arrays, STREAM's triad (memory-bound)";
  info.problem = ProblemKind::array3d;
  info.dtypes = {DType::f32, DType::f64};
  info.defaults.shape = kDefaultShape;
  info.defaults.dtype = DType::f64;
  info.intensityNote =
      "2 flops per element (a multiply and an add, one FMA); bytes: b and c read, a written (12 "
      "per element in f32, 24 in f64; no write-allocate, as STREAM counts)";
  info.sourceSignature = kSourceSignature;
  info.pythonSignature = kPythonSignature;
  table.preparePython = &preparePythonFunction;
  table.workload = &workload;
  table.memory = &memory;
  table.prepareSource = ACCELLAB_WITH_CUDA(&prepareGpuSource);
  table.sourceParameters = "const {T}*, const {T}*, {T}*, unsigned long long, {T}";
  table.variants = {
      {.name = "loop",
       .description = "scalar loop; compiler vectorization off; multiply and add rounded apart",
       .prepare = &prepareCpu<Loop>},
      {.name = "vectorized",
       .description =
           "Google Highway SIMD (MulAdd), one thread; streaming stores from the measured crossover",
       .needs = Needs::highway,
       .prepare = ACCELLAB_WITH_HIGHWAY(&prepareCpu<Vectorized>)},
      {.name = "parallel",
       .description = "OpenMP threads over pieces sized to the problem, each running the SIMD loop",
       .needs = Needs::highway,
       .usesThreads = true,
       .prepare = ACCELLAB_WITH_HIGHWAY(&prepareCpu<Parallel>)},
      {.name = "gpu",
       .description = "CUDA grid-stride kernel, one fma per element; pinned copies timed apart",
       .needs = Needs::cuda,
       .prepare = ACCELLAB_WITH_CUDA(&prepareGpu)},
      {.name = "gpu-lib",
       .description = "CUB's DeviceTransform over b and c, the library call instead of a kernel",
       .needs = Needs::cuda,
       .prepare = ACCELLAB_WITH_CUDA(&prepareGpuLibrary)},
      {.name = "std-par",
       .description = "std::transform(std::execution::par_unseq) on TBB, limited to the threads",
       .needs = Needs::tbb,
       .usesThreads = true,
       .prepare = ACCELLAB_WITH_TBB(&prepareCpu<StdPar>)},
      {.name = "blas",
       .description =
           "OpenBLAS copy(b -> a) then axpy(3, c, a): two passes, what a BLAS user writes (a is "
           "read back: 4 arrays of traffic, the bytes counted are 3)",
       .needs = Needs::blas,
       .usesThreads = true,
       .prepare = ACCELLAB_WITH_BLAS(&prepareCpu<Blas>)},
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
  return table;
}

}  // namespace accellab::kernels::triad
