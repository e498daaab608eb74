// HostArray's memory: cache-line alignment for small arrays, 2 MiB alignment and the huge-page
// advice for large ones, read back from the kernel's own account (/proc/self/smaps), and the
// stagger of an output array.
#include <QtTest>

#include <cstdint>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include "arrays/host_array.h"

using accellab::kernels::HostArray;
using accellab::kernels::HostBytes;

namespace {

std::uintptr_t address(const void* p) { return reinterpret_cast<std::uintptr_t>(p); }

// The "THPeligible" line of the mapping holding `p`: whether the kernel may back it with huge
// pages (1), as madvise(MADV_HUGEPAGE) asks where THP is in "madvise" mode.
std::optional<int> hugePageEligible(const void* p) {
  std::ifstream smaps("/proc/self/smaps");
  std::string line;
  bool inside = false;
  while (std::getline(smaps, line)) {
    std::uintptr_t begin = 0, end = 0;
    char dash = 0;
    std::istringstream head(line);
    if (head >> std::hex >> begin >> dash >> end && dash == '-') {
      inside = address(p) >= begin && address(p) < end;
    } else if (inside && line.rfind("THPeligible:", 0) == 0) {
      return std::stoi(line.substr(12));
    }
  }
  return std::nullopt;
}

std::string transparentHugePages() {
  std::ifstream file("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string modes;
  std::getline(file, modes);
  return modes;
}

}  // namespace

class TestHostArray : public QObject {
  Q_OBJECT

 private slots:
  void smallArraysAreCacheLineAligned() {
    for (std::size_t count : {std::size_t{1}, std::size_t{7}, std::size_t{1000}}) {
      const HostArray<double> array(count);
      QCOMPARE(address(array.span().data()) % 64, std::uintptr_t{0});
      QCOMPARE(array.span().size(), count);
    }
  }

  void largeArraysAreHugePageAligned() {
    const HostArray<float> array(HostBytes::kHugePageBytes / sizeof(float) + 3);
    QCOMPARE(address(array.span().data()) % HostBytes::kHugePageBytes, std::uintptr_t{0});
    array.span().back() = 1.0f;  // the whole span is writable
    QCOMPARE(array.span().back(), 1.0f);
  }

  // A staggered array starts that many bytes past the huge-page alignment, every element
  // writable; the stagger of an output half a page off its input's alignment.
  void staggeredArraysStartPastTheAlignment() {
    using accellab::kernels::kHalfPage;
    const std::size_t count = HostBytes::kHugePageBytes / sizeof(double) + 5;
    const HostArray<double> input(count);
    const HostArray<double> output(count, kHalfPage);
    QCOMPARE(output.span().size(), count);
    QCOMPARE(address(output.span().data()) % HostBytes::kHugePageBytes, std::uintptr_t{kHalfPage});
    QCOMPARE((address(output.span().data()) - address(input.span().data())) % 4096,
             std::uintptr_t{kHalfPage});
    output.span().front() = 1.0;
    output.span().back() = 2.0;
    QCOMPARE(output.span().front() + output.span().back(), 3.0);
  }

  void largeArraysAskForHugePages() {
    const std::string modes = transparentHugePages();
    if (modes.find("[never]") != std::string::npos || modes.empty())
      QSKIP("transparent huge pages are off on this machine");
    const HostArray<double> array(4 * HostBytes::kHugePageBytes / sizeof(double));
    const auto eligible = hugePageEligible(array.span().data());
    if (!eligible) QSKIP("this kernel's smaps has no THPeligible line");
    QCOMPARE(*eligible, 1);
  }
};

QTEST_APPLESS_MAIN(TestHostArray)
#include "tst_host_array.moc"
