// The device side of the CUDA build that needs no device: the architectures in words, and
// what a device that does not exist gets from every entry point. Runs with and without one.
#include <QtTest>

#include <stdexcept>
#include <string>

#include "add/add_variants.h"
#include "cuda/architectures.h"
#include "cuda/gpu.h"
#include "pi/pi_variants.h"
#include "table/kernel_table.h"

using namespace accellab;
using namespace accellab::kernels;

namespace {

bool startsWith(const std::string& text, const std::string& prefix) {
  return text.compare(0, prefix.size(), prefix) == 0;
}

template <class Call>
bool throwsRuntimeError(Call&& call) {
  try {
    call();
  } catch (const std::runtime_error&) {
    return true;
  }
  return false;
}

}  // namespace

class TestGpuDevice : public QObject {
  Q_OBJECT

 private slots:
  void architecturesInWords_data() {
    QTest::addColumn<QString>("architectures");
    QTest::addColumn<QString>("words");
    QTest::newRow("this build's default")
        << "75-real;80-real;86-real;89-real;90-real;100-real;110-real;120"
        << "7.5, 8.0, 8.6, 8.9, 9.0, 10.0, 11.0, 12.0 and PTX 12.0";
    QTest::newRow("commas, both kinds") << "75,86"
                                        << "7.5, 8.6 and PTX 7.5, 8.6";
    QTest::newRow("arch-specific") << "90a-real"
                                   << "9.0a";
    QTest::newRow("PTX only") << "80-virtual"
                              << "PTX 8.0";
    QTest::newRow("CMake keyword") << "native"
                                   << "native";
    QTest::newRow("empty") << ""
                           << "";
  }

  void architecturesInWords() {
    QFETCH(QString, architectures);
    QFETCH(QString, words);
    QCOMPARE(QString::fromStdString(cuda::describeArchitectures(architectures.toStdString())),
             words);
  }

  void missingImageNamesCapabilityAndBuild() {
    QCOMPARE(cuda::missingImageReason("7.0", "75-real;120"),
             std::string("this build has no kernel image for compute capability 7.0 (built for "
                         "7.5, 12.0 and PTX 12.0)"));
  }

  void buildNamesItsArchitectures() { QVERIFY(!cuda::embeddedArchitectures().empty()); }

  void probeListsDevicesByIndex() {
    const gpu::DeviceProbe probe = gpu::probeDevices();
    QVERIFY(probe.built);
    if (probe.devices.empty()) QVERIFY(!probe.reason.empty());
    for (std::size_t i = 0; i < probe.devices.size(); ++i) {
      QVERIFY(probe.devices[i].index >= static_cast<int>(i));
      QCOMPARE(probe.devices[i].copyCeilingBytesPerS, 0.0);  // measured by the system probe
    }
  }

  void absentDeviceIsUnavailable_data() {
    QTest::addColumn<int>("beyond");
    QTest::newRow("just past the last") << 0;
    QTest::newRow("far past the last") << 7;
    QTest::newRow("negative") << -1;
  }

  void absentDeviceIsUnavailable() {
    QFETCH(int, beyond);
    const gpu::DeviceProbe probe = gpu::probeDevices();
    const int present = static_cast<int>(probe.devices.size());
    const int device = beyond < 0 ? beyond : present + beyond;
    const Availability availability = gpu::availability(device);
    QVERIFY(!availability.available);
    if (present == 0) {
      QVERIFY2(startsWith(availability.reason, "no CUDA device"), availability.reason.c_str());
    } else {
      QCOMPARE(availability.reason, "no CUDA device " + std::to_string(device) + " (" +
                                        std::to_string(present) + " present)");
    }
    QVERIFY(!gpu::freeMemory(device).has_value());
    QVERIFY(throwsRuntimeError([&] { gpu::measureCopyBandwidth(device); }));
    // Each kernel's own gpu code refuses it too.
    KernelInfo info;
    Params params;
    params.shape = Shape3{1, 1, 8};
    params.samples = 1000;
    SoloCollective solo;
    const RunRequest request{.kernel = info, .params = params, .gpuDevice = device, .group = solo};
    for (const PrepareFn prepare :
         {&add::prepareGpu, &add::prepareGpuLibrary, &pi::prepareGpu, &pi::prepareGpuLibrary})
      QVERIFY(throwsRuntimeError([&] { prepare(request); }));
  }
};

QTEST_GUILESS_MAIN(TestGpuDevice)
#include "tst_gpu_device.moc"
