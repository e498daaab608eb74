// libFuzzer target: a session the reader accepts must chart without a crash or a hang. The
// bytes go through the engine's session reader; an accepted session is drawn through
// renderSessionCharts (app/gui/charts/chartexport.h), the code path of `accellab
// --export-charts`, every chart of every kernel into a QImage on the offscreen platform: once
// with each kernel's latest run, once with all runs overlaid. No file is written.
//
// Links accellab_gui_lib (which brings accellab_core, accellab_kernels and Qt6 Widgets,
// Charts, Svg and Concurrent).
#include <QApplication>
#include <QImage>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "accellab/session.h"
#include "charts/chartexport.h"

namespace {

// Once per process: Qt allows one application object, and creating it costs milliseconds.
QApplication& application() {
  static int argc = 1;
  static char name[] = "chart_fuzzer";
  static char* argv[] = {name, nullptr};
  static QApplication* app = [] {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    return new QApplication(argc, argv);
  }();
  return *app;
}

void renderCharts(const accellab::Session& session, const std::vector<int>& runIds) {
  // Small images: the charts are laid out and drawn in full, only fewer pixels are filled.
  (void)accellab::gui::renderSessionCharts(
      session, runIds, {320, 200}, 1,
      [](const std::string&, const QString&, const QImage&) -> std::optional<QString> {
        return std::nullopt;
      });
}

}  // namespace

// fontconfig keeps its configuration for the life of the process, allocated the first time Qt
// lays out text: not a leak of the charts, which must free all they make.
extern "C" const char* __lsan_default_suppressions() { return "leak:libfontconfig.so\n"; }

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  application();
  accellab::Session session;
  try {
    session =
        accellab::sessionFromJson(std::string_view(reinterpret_cast<const char*>(data), size));
  } catch (const accellab::SessionError&) {
    return 0;  // refused: the reader's own fuzzer covers what it refuses
  }
  renderCharts(session, {});
  std::vector<int> all;
  for (const accellab::Run& run : session.runs) all.push_back(run.id);
  renderCharts(session, all);
  return 0;
}
