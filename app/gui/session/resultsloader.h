// Opening a results file off the GUI thread: the engine's reader (readResultsFileWithKind)
// runs on a worker of the global thread pool, so a 256 MiB session or a slow disk leaves the
// window responsive, and what it read is handed over on the loader's thread. One read at a
// time: starting another, or abandon(), drops the result of the one going (a stale job).
#pragma once

#include <QObject>
#include <QString>
#include <functional>

#include "accellab/results_file.h"

template <typename T>
class QFutureWatcher;

namespace accellab::gui {

class ResultsLoader : public QObject {
  Q_OBJECT

 public:
  using Loaded = std::function<void(ResultsFile)>;
  using Failed = std::function<void(const QString& message)>;

  explicit ResultsLoader(QObject* parent = nullptr);
  ~ResultsLoader() override;

  // Calls `loaded` or `failed` (with the reader's message) later, on this object's thread.
  void load(const QString& path, Loaded loaded, Failed failed);
  void abandon();
  bool isLoading() const;

 private:
  struct Outcome;
  QFutureWatcher<Outcome>* watcher_ = nullptr;
};

}  // namespace accellab::gui
