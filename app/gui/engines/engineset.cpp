#include "engines/engineset.h"

#include <algorithm>

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>
#include <exception>
#include <optional>
#include <utility>

#include "engines/pluginprobe.h"

namespace accellab::gui {
namespace {

// The window's files as the factory takes them: Python benchmark files by their .py, the
// rest plugins.
EngineOptions optionsFor(int gpuDevice, const std::vector<std::filesystem::path>& files,
                         const std::vector<CudaSourceChoice>& cudaSources) {
  EngineOptions options{.gpuDevice = gpuDevice, .cudaSources = cudaSources};
  for (const std::filesystem::path& file : files)
    (file.extension() == ".py" ? options.pythonFiles : options.plugins).push_back(file);
  return options;
}

}  // namespace

EngineSet::EngineSet(EngineFactory factory, std::string probe, QObject* parent)
    : QObject(parent), factory_(std::move(factory)), probe_(std::move(probe)) {}

const Engine& EngineSet::forDevice(int gpuDevice) {
  auto found = byDevice_.find(gpuDevice);
  if (found == byDevice_.end())
    found =
        byDevice_.emplace(gpuDevice, factory_(optionsFor(gpuDevice, plugins_, cudaSources_))).first;
  return found->second;
}

void EngineSet::setPlugins(std::vector<std::filesystem::path> plugins) {
  plugins_ = std::move(plugins);
  byDevice_.clear();
}

void EngineSet::setCudaSources(std::vector<CudaSourceChoice> sources) {
  cudaSources_ = std::move(sources);
  byDevice_.clear();
}

void EngineSet::remake(std::vector<std::filesystem::path> plugins,
                       std::vector<CudaSourceChoice> cudaSources) {
  if (remaking_) return;
  remaking_ = true;
  // What the factory throws comes back as text, not through QFuture.
  struct Made {
    std::optional<Engine> engine;
    QString error;
  };
  auto* made = new QFutureWatcher<Made>(this);
  connect(made, &QFutureWatcher<Made>::finished, this, [this, made, plugins, cudaSources] {
    made->deleteLater();
    remaking_ = false;
    Made result = made->result();
    if (!result.engine) {
      emit refused(result.error);
      return;
    }
    plugins_ = plugins;
    cudaSources_ = cudaSources;
    byDevice_.clear();
    byDevice_.emplace(0, std::move(*result.engine));
    emit remade();
  });
  made->setFuture(QtConcurrent::run(
      [factory = factory_, probe = probe_, loaded = plugins_, plugins, cudaSources]() -> Made {
        // A plugin not loaded here yet is loaded by a child first: one that crashes or hangs
        // costs the child.
        for (const std::filesystem::path& file : plugins)
          if (file.extension() != ".py" && std::ranges::find(loaded, file) == loaded.end())
            if (auto why = pluginCrashesWhenLoaded(probe, file)) return {std::nullopt, *why};
        try {
          return {factory(optionsFor(0, plugins, cudaSources)), {}};
        } catch (const std::exception& error) {
          return {std::nullopt, QString::fromStdString(error.what())};
        }
      }));
}

}  // namespace accellab::gui
