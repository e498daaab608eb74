// The one CUDA checking helper: a failed call throws with CUDA's words and leaves no last
// error behind for the next launch check to report. The throw is checked with and without a
// device (a refused allocation and a missing device fail through the same helper); the
// clearing needs a device.
#include <QtTest>

#include <string>

#include "cuda/cuda_check.h"
#include "cuda/cuda_resources.h"

using namespace accellab::kernels;

namespace {

// Far beyond the memory of any device or host.
constexpr std::size_t kAbsurdBytes = std::size_t{1} << 60;

bool hasDevice() {
  int count = 0;
  return cudaGetDeviceCount(&count) == cudaSuccess && count > 0;
}

}  // namespace

class TestCudaCheck : public QObject {
  Q_OBJECT

 private slots:
  void init() {
    // Whatever an earlier test left, each test starts clean (where a device makes that
    // possible: without one, the runtime's failed start is every call's last error).
    static_cast<void>(cudaGetLastError());
  }

  void successPassesThrough() { ACCELLAB_CUDA_CHECK(cudaSuccess); }

  void failureThrowsWithCudasWords() {
    void* memory = nullptr;
    try {
      ACCELLAB_CUDA_CHECK(cudaMalloc(&memory, kAbsurdBytes));
      QFAIL("cudaMalloc of 2^60 bytes succeeded");
    } catch (const cuda::CudaError& error) {
      const std::string what = error.what();
      QVERIFY2(what.find("cudaMalloc") != std::string::npos, what.c_str());
      QVERIFY2(what.find(error.text()) != std::string::npos, what.c_str());
    }
  }

  void failureLeavesNoLastError() {
    if (!hasDevice()) QSKIP("no CUDA device: the runtime's failed start stays the last error");
    void* memory = nullptr;
    try {
      ACCELLAB_CUDA_CHECK(cudaMalloc(&memory, kAbsurdBytes));
      QFAIL("cudaMalloc of 2^60 bytes succeeded");
    } catch (const cuda::CudaError& error) {
      QCOMPARE(error.code(), cudaErrorMemoryAllocation);
    }
    // What a launch check asks next: it must not see the allocation's error.
    QCOMPARE(cudaGetLastError(), cudaSuccess);
  }

  void refusedBuffersThrowOutOfMemoryAndClear_data() {
    QTest::addColumn<bool>("pinned");
    QTest::newRow("device") << false;
    QTest::newRow("pinned host") << true;
  }

  void refusedBuffersThrowOutOfMemoryAndClear() {
    if (!hasDevice()) QSKIP("no CUDA device: allocation fails for that reason instead");
    QFETCH(bool, pinned);
    try {
      if (pinned) {
        cuda::PinnedBuffer<char> buffer(kAbsurdBytes);
      } else {
        cuda::DeviceBuffer<char> buffer(kAbsurdBytes);
      }
      QFAIL("an allocation of 2^60 bytes succeeded");
    } catch (const cuda::CudaError& error) {
      QVERIFY2(std::string(error.what()).find("out of memory") != std::string::npos, error.what());
    }
    QCOMPARE(cudaGetLastError(), cudaSuccess);
  }
};

QTEST_GUILESS_MAIN(TestCudaCheck)
#include "tst_cuda_check.moc"
