#include "session/resultsloader.h"

#include <QCoreApplication>
#include <QFutureWatcher>
#include <QtConcurrent>
#include <new>
#include <optional>

#include "session/enginefiles.h"

namespace accellab::gui {

struct ResultsLoader::Outcome {
  std::optional<ResultsFile> file;
  QString error;
};

ResultsLoader::ResultsLoader(QObject* parent) : QObject(parent) {}

ResultsLoader::~ResultsLoader() = default;

void ResultsLoader::load(const QString& path, Loaded loaded, Failed failed) {
  abandon();
  watcher_ = new QFutureWatcher<Outcome>(this);
  auto* watcher = watcher_;
  connect(watcher, &QFutureWatcherBase::finished, this,
          [this, watcher, loaded = std::move(loaded), failed = std::move(failed)] {
            Outcome outcome = watcher->future().takeResult();
            watcher_ = nullptr;
            watcher->deleteLater();
            if (outcome.file)
              loaded(std::move(*outcome.file));
            else
              failed(outcome.error);
          });
  watcher->setFuture(QtConcurrent::run([file = toFilePath(path)]() -> Outcome {
    try {
      return {readResultsFileWithKind(file), {}};
    } catch (const SessionError& error) {
      return {std::nullopt, engineMessage(error)};
    } catch (const std::bad_alloc&) {
      return {std::nullopt,
              QCoreApplication::translate("ResultsLoader", "%1: not enough memory to read it")
                  .arg(QString::fromLocal8Bit(file.c_str()))};
    }
  }));
}

void ResultsLoader::abandon() {
  if (!watcher_) return;
  // The read runs to its end on the pool; nobody takes its result.
  watcher_->disconnect(this);
  watcher_->deleteLater();
  watcher_ = nullptr;
}

bool ResultsLoader::isLoading() const { return watcher_ != nullptr; }

}  // namespace accellab::gui
