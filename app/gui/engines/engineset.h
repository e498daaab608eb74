// The window's engines, one per GPU chosen, all made with the same kernel plugins: made on
// first use and kept, and made again off the GUI thread when what they offer changes (another
// Python interpreter, a plugin loaded or removed).
#pragma once

#include <QObject>
#include <QString>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "accellab/engine.h"

namespace accellab::gui {

class EngineSet : public QObject {
  Q_OBJECT

 public:
  // `probe`: the program that loads each plugin in a child process before this one does
  // (pluginprobe.h: accellab-cli, the worker's); empty: none.
  explicit EngineSet(EngineFactory factory, std::string probe = {}, QObject* parent = nullptr);
  const std::string& probeProgram() const { return probe_; }

  // The engine of `gpuDevice`, made on first use (throws what the factory throws: a plugin
  // refused) and kept until remade.
  const Engine& forDevice(int gpuDevice);
  // The plugins the window loaded (File > Load Kernel Plugin…), beside those the factory
  // loads itself (ACCELLAB_PLUGIN_PATH, the user's folder), and its Python benchmark files
  // (File > Open Python Benchmarks…: the .py ones). Set before the first engine.
  const std::vector<std::filesystem::path>& plugins() const { return plugins_; }
  void setPlugins(std::vector<std::filesystem::path> plugins);
  // The users' CUDA sources added as variants (the GPU Kernel from Source dialog).
  const std::vector<CudaSourceChoice>& cudaSources() const { return cudaSources_; }
  void setCudaSources(std::vector<CudaSourceChoice> sources);

  // Makes device 0's engine again with `plugins` and `cudaSources`, off the GUI thread (the
  // factory asks the Python interpreter, up to 10 s when it hangs, and compiles the sources);
  // then remade, or refused with why and nothing changed. The other devices' engines are made
  // again on their next use.
  void remake(std::vector<std::filesystem::path> plugins,
              std::vector<CudaSourceChoice> cudaSources);
  void remake(std::vector<std::filesystem::path> plugins) {
    remake(std::move(plugins), cudaSources_);
  }
  bool isRemaking() const { return remaking_; }

 signals:
  void remade();
  void refused(const QString& why);

 private:
  EngineFactory factory_;
  std::string probe_;
  std::vector<std::filesystem::path> plugins_;
  std::vector<CudaSourceChoice> cudaSources_;
  std::map<int, Engine> byDevice_;
  bool remaking_ = false;
};

}  // namespace accellab::gui
