#include "engines/pluginprobe.h"

#include <QCoreApplication>
#include <QProcess>
#include <QStringList>
#include <QTemporaryDir>

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
  // The file alone: the plugins of ACCELLAB_PLUGIN_PATH and the user's folder, which the list
  // would load too, must not be taken for this one (an empty folder stands for the user's).
  const QTemporaryDir noPlugins;
  QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
  environment.remove(QStringLiteral("ACCELLAB_PLUGIN_PATH"));
  environment.insert(QStringLiteral("XDG_DATA_HOME"), noPlugins.path());
  child.setProcessEnvironment(environment);
  child.start(QString::fromStdString(program),
              {QStringLiteral("list"), QStringLiteral("--plugin"), path});
  if (!child.waitForStarted()) return std::nullopt;  // no CLI to ask: the window loads it as before
  if (!child.waitForFinished(timeoutMs)) {
    child.kill();
    child.waitForFinished();
    return PluginProbe::tr(
               "plugin %1: loading it did not end within %2 s in a child process "
               "(accellab-cli list --plugin): not loaded into the window, which it "
               "would hang")
        .arg(path)
        .arg(timeoutMs / 1000);
  }
  if (child.exitStatus() == QProcess::CrashExit)
    return PluginProbe::tr(
               "plugin %1: its code crashed a child process that loaded it "
               "(accellab-cli list --plugin): not loaded into the window, which it "
               "would take down")
        .arg(path);
  // The CLI found the plugin ending its own loader (a constructor's exit(), which would quit
  // the window without a word): its words, not the window's guess.
  const QString said = QString::fromUtf8(child.readAll()).trimmed();
  if (child.exitCode() != 0 && said.contains(QStringLiteral("a child process that loaded it")))
    return said.section(QLatin1Char('\n'), -1).remove(QStringLiteral("accellab-cli: error: "));
  return std::nullopt;
}

}  // namespace accellab::gui
