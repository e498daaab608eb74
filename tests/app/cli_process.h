// accellab-cli run as a user runs it, in a child process: its exit code and both outputs.
#pragma once

#include <functional>

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace accellab::test {

// How long a CLI run that measures the machine (its first on a machine cache, --remeasure)
// may take: a few seconds in a Release build; under AddressSanitizer its copies take minutes
// on a busy 2-core VM (the CI's: over 120 s once, beside another test measuring).
#if defined(__SANITIZE_ADDRESS__)
inline constexpr int kMeasuringTimeoutMs = 450'000;
#else
inline constexpr int kMeasuringTimeoutMs = 120'000;
#endif

struct CliResult {
  int exitCode = -1;  // -1: crashed or timed out
  QString out;
  QString err;
};

// `program` run with `args`; `inChild` runs in the child before it starts: setrlimit, say.
inline CliResult runProgram(const QString& program, const QStringList& args,
                            int timeoutMs = 120'000, const std::function<void()>& inChild = {}) {
  QProcess process;
  if (inChild) process.setChildProcessModifier(inChild);
  process.start(program, args);
  if (!process.waitForFinished(timeoutMs)) {
    process.kill();
    process.waitForFinished();
  }
  return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
          QString::fromUtf8(process.readAllStandardOutput()),
          QString::fromUtf8(process.readAllStandardError())};
}

inline CliResult runCli(const QStringList& args, int timeoutMs = 120'000,
                        const std::function<void()>& inChild = {}) {
  return runProgram(QStringLiteral(ACCELLAB_CLI_PATH), args, timeoutMs, inChild);
}

// A machine cache of the test's own under `cacheHome`, starting from the build tree's
// measurement (the machine_probe test, in $XDG_CACHE_HOME) when there is one; the CLIs the test
// starts then use it. A test may change its own cache; it never measures the machine again
// unless it means to.
// The machine cache at `file` as a quiet machine's: whether another test kept a core busy
// while it was measured is no business of the tests that read it (a busy measurement is
// measured again once the machine is quiet, at a moment no test can choose).
inline void markMachineCacheQuiet(const QString& file) {
  QFile in(file);
  if (!in.open(QIODevice::ReadOnly)) return;
  QJsonObject cache = QJsonDocument::fromJson(in.readAll()).object();
  in.close();
  QJsonObject system = cache.value("system").toObject();
  if (!system.contains("ceilings_busy")) return;
  system.remove("ceilings_busy");
  cache.insert("system", system);
  QFile out(file);
  if (out.open(QIODevice::WriteOnly | QIODevice::Truncate))
    out.write(QJsonDocument(cache).toJson());
}

inline void useMachineCacheIn(const QString& cacheHome) {
  const QString shared = qEnvironmentVariable("XDG_CACHE_HOME") + "/accellab/machine.json";
  const QString own = cacheHome + "/accellab/machine.json";
  QDir().mkpath(cacheHome + "/accellab");
  if (!qEnvironmentVariableIsEmpty("XDG_CACHE_HOME") && QFile::exists(shared) &&
      !QFile::exists(own))
    QFile::copy(shared, own);
  markMachineCacheQuiet(own);
  qputenv("XDG_CACHE_HOME", cacheHome.toUtf8());
}

inline QString readText(const QString& path) {
  QFile file(path);
  return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

}  // namespace accellab::test
