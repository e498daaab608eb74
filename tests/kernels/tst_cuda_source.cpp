// A user's CUDA source compiled by the real NVRTC, which needs no device: what it makes for a
// device and without one, compile errors in the user's own lines, the refusals, and the kernel
// cache. Built with CUDA only; the launch itself is tst_gpu_kernels' (it needs a device).
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <string>

#include "accellab/kernels/builtin.h"
#include "cuda/cuda_source.h"
#include "cuda/nvrtc_compiler.h"

using namespace accellab;
using namespace accellab::kernels;
namespace fs = std::filesystem;

namespace {

constexpr const char* kAddParameters = "const {T}*, {T}*, unsigned long long, {T}";

constexpr const char* kGoodSource = R"(// add, by hand
template <typename T>
__global__ void my_add(const T* in, T* out, unsigned long long n, T addend) {
  const unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] + addend;
}
)";

std::string errorOf(const auto& call) {
  try {
    call();
  } catch (const gpu::CudaSourceError& error) {
    return error.what();
  }
  return "no error";
}

}  // namespace

class TestCudaSource : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    // The kernel cache goes here, not to the user's.
    qputenv("XDG_CACHE_HOME", dir_.filePath("cache").toLocal8Bit());
    const Availability nvrtc = cuda::nvrtcAvailability();
    QVERIFY2(nvrtc.available, nvrtc.reason.c_str());  // the CUDA build has its toolkit
    QVERIFY(cuda::nvrtcVersion().starts_with("NVRTC "));
  }

  void readingRefusesWhatIsNoSource() {
    const fs::path empty = write("empty.cu", "");
    QVERIFY(errorOf([&] {
              gpu::readCudaSource(empty, "k", kAddParameters);
            }).ends_with("empty.cu: the file is empty"));
    QVERIFY(errorOf([&] {
              gpu::readCudaSource(dir_.filePath("none.cu").toStdString(), "k", "");
            }).find("none.cu: cannot read it: ") != std::string::npos);
    QVERIFY(errorOf([&] {
              gpu::readCudaSource(dir_.path().toStdString(), "k", "");
            }).ends_with("is a directory, not a CUDA source file"));
    QVERIFY(errorOf([&] {
              gpu::readCudaSource(write("nul.cu", std::string("a\0b", 3)), "k", "");
            }).ends_with("holds a NUL byte: no CUDA source file"));
    const fs::path good = write("good.cu", kGoodSource);
    for (const char* entry : {"", "9lives", "my-add", "my_add<float>", "a b"})
      QVERIFY2(errorOf([&] {
                 gpu::readCudaSource(good, entry, kAddParameters);
               }).find("is no C++ identifier") != std::string::npos,
               entry);
    const gpu::CudaSource source = gpu::readCudaSource(good, "my_add", kAddParameters);
    QCOMPARE(source.text, std::string(kGoodSource));
    QCOMPARE(source.sha256.size(), std::size_t{64});
    QVERIFY(
        gpu::describeSource(source).starts_with("good.cu (SHA-256 " + source.sha256.substr(0, 12)));
  }

  // No device: PTX for NVRTC's default architecture, holding the instantiation it names.
  void compilesWithoutADevice() {
    const auto source = goodSource();
    for (const char* type : {"float", "double"}) {
      const cuda::CompiledCode code = cuda::compileEntry(source, type, {});
      QVERIFY(!code.loweredName.empty());
      QVERIFY(code.code.find(".entry " + code.loweredName) != std::string::npos);
      QCOMPARE(code.code.back(), '\0');  // the loader reads PTX as a C string
      QVERIFY2(code.build.how.starts_with(cuda::nvrtcVersion() + ", PTX of good.cu"),
               code.build.how.c_str());
      QVERIFY(code.build.compileS > 0);
    }
  }

  // A device NVRTC knows gets real code; a newer one PTX of the newest architecture below
  // it, which its driver compiles; one older than NVRTC's oldest is refused.
  void codeForTheDevice() {
    const auto source = goodSource();
    const cuda::CompiledCode real = cuda::compileEntry(source, "double", {.computeCapability = 90});
    QVERIFY(
        real.code.starts_with("\x7f"
                              "ELF"));
    QVERIFY2(real.build.how.find("sm_90 cubin") != std::string::npos, real.build.how.c_str());
    const cuda::CompiledCode future =
        cuda::compileEntry(source, "double", {.computeCapability = 990});
    QVERIFY(future.code.find(".entry " + future.loweredName) != std::string::npos);
    QVERIFY2(future.build.how.find(", compute_") != std::string::npos &&
                 future.build.how.find(" PTX of ") != std::string::npos,
             future.build.how.c_str());
    QVERIFY(errorOf([&] {
              cuda::compileEntry(source, "double", {.computeCapability = 10});
            }).find("cannot compile for compute capability 1.0") != std::string::npos);
  }

  // The log names the user's file and lines, as they wrote them: the signature check AccelLab
  // compiles after their last line never shows.
  void compileErrorsAreInTheUsersOwnLines() {
    std::string text = kGoodSource;
    text.replace(text.find("in[i] + addend"), 14, "in[i] + addend + undefined_thing");
    const auto source = gpu::readCudaSource(write("bad.cu", text), "my_add", kAddParameters);
    const std::string error = errorOf([&] { cuda::compileEntry(source, "float", {}); });
    QVERIFY2(error.starts_with("--cuda-source " + source.file.string() +
                               ": my_add<float> does not compile (" + cuda::nvrtcVersion() +
                               ", PTX):\n"),
             error.c_str());
    QVERIFY2(error.find("bad.cu(5): error: identifier \"undefined_thing\" is undefined") !=
                 std::string::npos,
             error.c_str());
    QVERIFY2(error.find("static_assert") == std::string::npos, error.c_str());
    QVERIFY(error.find("bad.cu(7)") == std::string::npos);
  }

  // The engine compiles a source when it is made: a run never starts with code that cannot.
  void aCompileErrorStopsTheEngine() {
    std::string text = kGoodSource;
    text.replace(text.find("addend;"), 7, "addend * twice;");
    const std::string file = write("open.cu", text).string();
    try {
      kernels::makeBuiltinEngine(
          {.cudaSources = {{.kernel = "add", .file = file, .entry = "my_add"}}});
      QFAIL("an engine with a source that does not compile");
    } catch (const gpu::CudaSourceError& error) {
      const std::string what = error.what();
      QVERIFY2(what.starts_with("--cuda-source " + file + ": my_add<float> does not compile"),
               what.c_str());
      QVERIFY2(
          what.find("open.cu(5): error: identifier \"twice\" is undefined") != std::string::npos,
          what.c_str());
    }
  }

  // A worker's engine (its app compiled the file before it changed on disk): the source that
  // no longer compiles costs its own variant, unavailable with NVRTC's log (each of its points
  // skipped with it), and every other variant of the kernel still runs.
  void inAWorkerACompileErrorCostsItsVariant() {
    std::string text = kGoodSource;
    text.replace(text.find("addend;"), 7, "addend * twice;");
    const std::string file = write("changed.cu", text).string();
    const Engine engine = kernels::makeBuiltinEngine(
        {.cudaSources = {{.kernel = "add", .file = file, .entry = "my_add"}},
         .sourceErrorsCostTheirVariant = true});
    const VariantInfo* variant = engine.registry().find("add")->info().variant("my_add");
    QVERIFY(variant != nullptr);
    QVERIFY(!variant->availability.available);
    Params params;
    params.shape = Shape3{1, 1, 1024};
    MeasureConfig quick;
    quick.minReps = 3;
    quick.minTimeS = 0;
    Runner runner = engine.runner();
    const PointResult broken = runner.runPoint({"add", "my_add", params, 1}, quick);
    QCOMPARE(toString(broken.status), toString(PointStatus::skipped));
    QVERIFY2(broken.reason.find("changed.cu(5): error: identifier \"twice\" is undefined") !=
                 std::string::npos,
             broken.reason.c_str());
    QCOMPARE(toString(runner.runPoint({"add", "loop", params, 1}, quick).status),
             toString(PointStatus::ok));
  }

  // A source includes its own folder's files, read with it and given to NVRTC, which reads
  // none itself (issue 46, item 18: any readable file could be included and quoted, and an
  // error in a header was reported as no template): a header's error is NVRTC's own, in the
  // header's lines; a path outside the folder, or a file the folder does not have, is refused
  // when the source is read.
  void includesStayInTheSourcesFolder() {
    write("twice.cuh", "template <typename T> __device__ T twice(T x) { return x + x; }\n");
    write("broken.cuh", "template <typename T> __device__ T twice(T x) { return x + y; }\n");
    const std::string body =
        "template <typename T>\n"
        "__global__ void my_add(const T* in, T* out, unsigned long long n, T addend) {\n"
        "  if (threadIdx.x < n) out[threadIdx.x] = twice(in[threadIdx.x]) - in[threadIdx.x] + "
        "addend;\n}\n";
    const auto withHeader = [&](const std::string& name, const std::string& include) {
      return write(name, "#include " + include + "\n" + body);
    };
    const auto helped =
        gpu::readCudaSource(withHeader("helped.cu", "\"twice.cuh\""), "my_add", kAddParameters);
    QCOMPARE(helped.headers.size(), std::size_t{1});
    QCOMPARE(helped.headers[0].name, std::string("twice.cuh"));
    QVERIFY(!cuda::compileEntry(helped, "float", {}).loweredName.empty());

    const auto broken =
        gpu::readCudaSource(withHeader("broken.cu", "\"broken.cuh\""), "my_add", kAddParameters);
    const std::string why = errorOf([&] { cuda::compileEntry(broken, "float", {}); });
    QVERIFY2(why.find("broken.cuh(1): error: identifier \"y\" is undefined") != std::string::npos &&
                 why.find("holds no __global__") == std::string::npos,
             why.c_str());

    for (const auto& [include, said] :
         {std::pair<std::string, std::string>{"\"/etc/hostname\"", "not a path outside its folder"},
          {"</etc/hostname>", "not a path outside its folder"},
          {"\"../twice.cuh\"", "not a path outside its folder"},
          {"\"nothere.cuh\"", "no such file in"}}) {
      const fs::path file = withHeader("refused.cu", include);
      const std::string refused =
          errorOf([&] { gpu::readCudaSource(file, "my_add", kAddParameters); });
      QVERIFY2(refused.find("refused.cu line 1: #include ") != std::string::npos &&
                   refused.find(said) != std::string::npos,
               refused.c_str());
    }
  }

  void anEntryOfAnotherShapeIsRefused() {
    const fs::path good = write("good.cu", kGoodSource);
    const auto missing = gpu::readCudaSource(good, "nope", kAddParameters);
    QCOMPARE(errorOf([&] { cuda::compileEntry(missing, "float", {}); }),
             "--cuda-source " + good.string() +
                 ": holds no __global__ function template 'nope' of one type parameter "
                 "(nope<float> cannot be made; 'accellab-cli list' shows the signature)");
    // Triad's arguments for add's kernel: a launch would read garbage.
    const auto triad = gpu::readCudaSource(good, "my_add",
                                           "const {T}*, const {T}*, {T}*, unsigned long long, {T}");
    QCOMPARE(errorOf([&] { cuda::compileEntry(triad, "double", {}); }),
             "--cuda-source " + good.string() +
                 ": my_add<double> does not take the arguments the kernel launches it with: "
                 "(const double*, const double*, double*, unsigned long long, double) "
                 "('accellab-cli list' shows the signature)");
    const std::string plain =
        "__global__ void my_add(const float* in, float* out, unsigned long long n, float a) {\n"
        "  if (threadIdx.x < n) out[threadIdx.x] = in[threadIdx.x] + a;\n"
        "}\n";
    const auto notTemplate =
        gpu::readCudaSource(write("plain.cu", plain), "my_add", kAddParameters);
    QVERIFY(errorOf([&] {
              cuda::compileEntry(notTemplate, "float", {});
            }).find("holds no __global__ function template 'my_add'") != std::string::npos);
  }

  // Compiled once per source, name, target, NVRTC and driver; a file that cannot serve (cut
  // short, a link) is compiled again and replaced, never followed.
  void theKernelCacheKeepsCompiledCode() {
    const auto source = goodSource("cached.cu", "// cache test\n");
    const fs::path folder = dir_.filePath("cache/accellab/kernels").toStdString();
    const auto filesIn = [&] {
      std::vector<fs::path> files;
      std::error_code error;
      for (const auto& entry : fs::directory_iterator(folder, error))
        if (entry.path().extension() == ".bin") files.push_back(entry.path());
      return files;
    };
    const std::vector<fs::path> before = filesIn();
    const cuda::CompiledCode first = cuda::compileEntry(
        source, "float", {.computeCapability = std::nullopt, .driverVersion = 13000});
    QVERIFY(first.build.how.find("kernel cache") == std::string::npos);
    fs::path file;  // the one it wrote
    for (const fs::path& f : filesIn())
      if (std::ranges::find(before, f) == before.end()) file = f;
    QVERIFY(!file.empty());
    QCOMPARE(filesIn().size(), before.size() + 1);
    const cuda::CompiledCode again = cuda::compileEntry(
        source, "float", {.computeCapability = std::nullopt, .driverVersion = 13000});
    QVERIFY2(again.build.how.ends_with(", from the kernel cache"), again.build.how.c_str());
    QCOMPARE(again.code, first.code);
    QCOMPARE(again.loweredName, first.loweredName);
    // Another driver is another key.
    cuda::compileEntry(source, "float",
                       {.computeCapability = std::nullopt, .driverVersion = 13010});
    QCOMPARE(filesIn().size(), before.size() + 2);

    std::ofstream(file, std::ios::trunc) << "cut short";
    const cuda::CompiledCode rebuilt = cuda::compileEntry(
        source, "float", {.computeCapability = std::nullopt, .driverVersion = 13000});
    QVERIFY(rebuilt.build.how.find("kernel cache") == std::string::npos);
    QCOMPARE(rebuilt.code, first.code);

    const fs::path victim = write("victim.txt", "name\nnot code");
    fs::remove(file);
    fs::create_symlink(victim, file);
    const cuda::CompiledCode relinked = cuda::compileEntry(
        source, "float", {.computeCapability = std::nullopt, .driverVersion = 13000});
    QVERIFY(relinked.build.how.find("kernel cache") == std::string::npos);
    QCOMPARE(relinked.code, first.code);
    QVERIFY(fs::is_regular_file(fs::symlink_status(file)));
    std::ifstream in(victim);
    QCOMPARE(std::string(std::istreambuf_iterator<char>(in), {}), std::string("name\nnot code"));
  }

 private:
  fs::path write(const std::string& name, const std::string& text) {
    const fs::path file = dir_.filePath(QString::fromStdString(name)).toStdString();
    std::ofstream(file, std::ios::binary | std::ios::trunc) << text;
    return file;
  }

  gpu::CudaSource goodSource(const std::string& name = "good.cu", const std::string& prefix = "") {
    return gpu::readCudaSource(write(name, prefix + kGoodSource), "my_add", kAddParameters);
  }

  QTemporaryDir dir_;
};

QTEST_GUILESS_MAIN(TestCudaSource)
#include "tst_cuda_source.moc"
