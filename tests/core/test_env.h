// What tests that choose a program through the environment need: a variable set for one
// scope, and a script of their own to name in it.
#pragma once

#include <sys/stat.h>

#include <QTemporaryDir>
#include <QtGlobal>

#include <cstdlib>
#include <fstream>
#include <optional>
#include <string>

namespace accellab::testing {

// Sets (or, for nullptr, unsets) an environment variable for one scope, restoring what was
// there: its old value, or its absence.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value != nullptr)
      ::setenv(name, value, 1);
    else
      ::unsetenv(name);
  }
  ~ScopedEnv() {
    if (old_)
      ::setenv(name_.c_str(), old_->c_str(), 1);
    else
      ::unsetenv(name_.c_str());
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  std::string name_;
  std::optional<std::string> old_;
};

// An executable `#!/bin/sh` script in `dir` (for ACCELLAB_PYTHON to name, say): its path.
inline std::string shellScript(const QTemporaryDir& dir, const char* name,
                               const std::string& body) {
  const std::string path = dir.filePath(QString::fromLatin1(name)).toStdString();
  std::ofstream(path) << "#!/bin/sh\n" << body << "\n";
  if (::chmod(path.c_str(), 0755) != 0) qFatal("cannot make %s executable", path.c_str());
  return path;
}

}  // namespace accellab::testing
