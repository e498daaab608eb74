#include "isolation_options.h"

#include <filesystem>
#include <string>
#include <system_error>

#include "cli_error.h"
#include "engine_choice.h"

namespace accellab::cli {

void addIsolationOptions(ArgumentParser& parser) {
  parser
      .flag("--in-process",
            "measure in this process, not in a worker process (the default: there a crash or a "
            "hang fails only its point, and what the code prints is kept with it)")
      .flag("--isolate", "measure each point in a worker process (the default)")
      .option("--on-crash", "WHAT",
              "in the worker: 'go-on' (default; 3 crashes in a row stop the run) or 'stop'");
}

std::optional<WorkerOptions> isolationFrom(const ArgumentParser& parser, int worldSize,
                                           double pointTimeoutS) {
  if (parser.has("--in-process") && parser.has("--isolate"))
    throw UsageError("--in-process and --isolate contradict each other: choose one");
  // Under mpirun each rank is a process of its own already, and the ranks measure together.
  if (parser.has("--in-process") || worldSize > 1) {
    if (worldSize > 1 && parser.has("--isolate"))
      throw UsageError(
          "--isolate does not run under mpirun: each rank is a process of its own "
          "already, and the ranks measure together");
    for (const char* option : {"--on-crash", "--point-timeout"})
      if (parser.has(option))
        throw UsageError(std::string(option) + " applies to the worker process, not to " +
                         (worldSize > 1 ? "ranks under mpirun" : "--in-process"));
    return std::nullopt;
  }
  WorkerOptions options;
  if (auto policy = parser.value("--on-crash")) {
    const auto parsed = parseOnCrash(*policy);
    if (!parsed) throw UsageError("invalid --on-crash: '" + *policy + "' (expected go-on or stop)");
    options.onCrash = *parsed;
  }
  if (pointTimeoutS > 0) options.pointTimeoutS = pointTimeoutS;
  // This very program: the worker must know the kernels this one does.
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error)
    throw UsageError("cannot find this program (/proc/self/exe) to start its worker: " +
                     error.message() + " (--in-process measures without one)");
  options.command = {self.string(), "worker", "--replies-fd", std::to_string(kWorkerReplyFd)};
  if (auto device = parser.value("--device")) {
    options.command.push_back("--device");
    options.command.push_back(*device);
  }
  // The worker loads the same plugins, every one named (it does not search for more).
  for (const std::filesystem::path& plugin : pluginsFrom(parser)) {
    options.command.push_back("--plugin");
    options.command.push_back(plugin.string());
  }
  // And the same Python files, with the same choice of their benchmarks.
  for (const std::string& file : parser.values("--python")) {
    options.command.push_back("--python");
    options.command.push_back(file);
  }
  // And the same CUDA sources, for the same kernel: the worker compiles them again (or finds
  // them in the kernel cache).
  const std::vector<std::string> entries = parser.values("--entry");
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (i == 0) {
      options.command.push_back("--kernel");
      options.command.push_back(parser.values("--kernel").front());
    }
    options.command.push_back("--cuda-source");
    options.command.push_back(parser.values("--cuda-source").at(i));
    options.command.push_back("--entry");
    options.command.push_back(entries[i]);
  }
  if (auto bench = parser.value("--bench")) {
    options.command.push_back("--bench");
    options.command.push_back(*bench);
  }
  return options;
}

}  // namespace accellab::cli
