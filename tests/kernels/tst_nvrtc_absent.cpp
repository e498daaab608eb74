// Where NVRTC does not load (no toolkit on the machine: ACCELLAB_NVRTC names a file that is
// not there, before anything loads it), AccelLab starts and runs as before: a source variant
// is listed as unavailable with the reason, and only a compile asked for directly fails.
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <string>

#include "accellab/kernels/builtin.h"
#include "cuda/cuda_source.h"
#include "cuda/gpu.h"
#include "cuda/nvrtc_compiler.h"

using namespace accellab;
using namespace accellab::kernels;

class TestNvrtcAbsent : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    missing_ = dir_.filePath("libnvrtc.so.13").toStdString();
    qputenv("ACCELLAB_NVRTC", QByteArray::fromStdString(missing_));
    qputenv("XDG_CACHE_HOME", dir_.filePath("cache").toLocal8Bit());
  }

  void theVariantIsUnavailableWithTheReason() {
    const Availability nvrtc = cuda::nvrtcAvailability();
    QVERIFY(!nvrtc.available);
    QVERIFY2(nvrtc.reason.starts_with("NVRTC not found (" + missing_ + ": "), nvrtc.reason.c_str());
    QCOMPARE(cuda::nvrtcVersion(), std::string());

    const std::string file = dir_.filePath("k.cu").toStdString();
    std::ofstream(file) << "this is not even C++";  // never compiled: NVRTC is not there
    const Engine engine =
        makeBuiltinEngine({.cudaSources = {{.kernel = "add", .file = file, .entry = "my_add"}}});
    const KernelInfo& add = engine.registry().find("add")->info();
    const VariantInfo& variant = *add.variant("my_add");
    QVERIFY(!variant.availability.available);
    // The device's reason first: without a GPU, NVRTC would not help.
    const Availability gpu = add.variant("gpu")->availability;
    QCOMPARE(variant.availability.reason, gpu.available ? nvrtc.reason : gpu.reason);

    try {
      cuda::compileEntry(gpu::readCudaSource(file, "my_add", ""), "float", {});
      QFAIL("compiled without NVRTC");
    } catch (const gpu::CudaSourceError& error) {
      QCOMPARE(std::string(error.what()), nvrtc.reason);
    }
  }

 private:
  QTemporaryDir dir_;
  std::string missing_;
};

QTEST_GUILESS_MAIN(TestNvrtcAbsent)
#include "tst_nvrtc_absent.moc"
