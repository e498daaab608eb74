#include "engines/pluginprobe.h"

#include <QCoreApplication>
#include <QProcess>
#include <QStringList>

namespace accellab::gui {
namespace {

// The translation context of these words (lupdate reads PluginProbe::tr calls).
struct PluginProbe {
  Q_DECLARE_TR_FUNCTIONS(PluginProbe)
};

}  // namespace

std::optional<QString> pluginCrashesWhenLoaded(const std::string& program,
                                               const std::filesystem::path& file, int timeoutMs) {
  if (program.empty()) return std::nullopt;
  const QString path = QString::fromStdString(file.string());
  QProcess child;
  child.setProcessChannelMode(QProcess::MergedChannels);
  child.start(QString::fromStdString(program), {QStringLiteral("list"), QStringLiteral("--plugin"), path});
  if (!child.waitForStarted()) return std::nullopt;  // no CLI to ask: the window loads it as before
  if (!child.waitForFinished(timeoutMs)) {
    child.kill();
    child.waitForFinished();
    return PluginProbe::tr("plugin %1: loading it did not end within %2 s in a child process "
                           "(accellab-cli list --plugin): not loaded into the window, which it "
                           "would hang")
        .arg(path)
        .arg(timeoutMs / 1000);
  }
  if (child.exitStatus() == QProcess::CrashExit)
    return PluginProbe::tr("plugin %1: its code crashed a child process that loaded it "
                           "(accellab-cli list --plugin): not loaded into the window, which it "
                           "would take down")
        .arg(path);
  return std::nullopt;
}

}  // namespace accellab::gui
