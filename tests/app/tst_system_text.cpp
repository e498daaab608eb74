// The machine probe as text: the conditions close the `sysinfo` details, aligned with them.
#include <QtTest>

#include <sstream>

#include "system_text.h"

using namespace accellab;

namespace {

std::string details(const std::vector<SystemCondition>& conditions) {
  SystemInfo system;
  system.cpuModel = "Fake CPU";
  system.logicalCores = 2;
  system.gpuReason = "built without CUDA";
  std::ostringstream out;
  cli::writeSystemDetails(system, conditions, out);
  return out.str();
}

}  // namespace

class TestSystemText : public QObject {
  Q_OBJECT

 private slots:
  void nothingToWarnAbout() {
    const std::string text = details({});
    QVERIFY2(text.starts_with("CPU         Fake CPU, 2 logical cores\n"), text.c_str());
    QVERIFY2(text.ends_with("GPU         none: built without CUDA\n"
                            "Conditions  nothing to warn about\n"),
             text.c_str());
  }

  void oneLinePerWarning() {
    const std::string text = details({{"governor", "CPU frequency governor is 'powersave'"},
                                      {"virtual-machine", "running in a virtual machine"}});
    QVERIFY2(text.ends_with("GPU         none: built without CUDA\n"
                            "Conditions  CPU frequency governor is 'powersave'\n"
                            "            running in a virtual machine\n"),
             text.c_str());
  }
};

QTEST_APPLESS_MAIN(TestSystemText)
#include "tst_system_text.moc"
