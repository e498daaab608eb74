#include "asv_listing.h"

#include <nlohmann/json.hpp>

#include "accellab/printable.h"
#include "accellab_module.h"  // generated: kAccellabModule, resources/python/accellab.py
#include "asv_script.h"       // generated: kAsvScript, resources/python/accellab_asv.py
#include "python/python_child.h"
#include "python/python_modules.h"

namespace accellab::kernels {
namespace {

// The child imports the file within its own limit of 60 s (asv's default timeout) and ends
// itself past it; this bound only catches a child that stopped answering altogether.
constexpr std::chrono::seconds kListTimeout{90};
constexpr std::chrono::seconds kSendTimeout{30};

std::string versionOr(const nlohmann::json& python, const char* package) {
  const auto it = python.find(package);
  return it != python.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::string interpreterText(const nlohmann::json& python) {
  std::string text =
      "Python " + versionOr(python, "version") + " (" + versionOr(python, "executable") + ")";
  for (const auto& [package, shown] :
       {std::pair{"numpy", "NumPy"}, std::pair{"numba", "Numba"}, std::pair{"cupy", "CuPy"}})
    if (const std::string version = versionOr(python, package); !version.empty())
      text += std::string(", ") + shown + " " + version;
  return text;
}

AsvBenchmark benchmarkFrom(const nlohmann::json& json) {
  AsvBenchmark benchmark;
  benchmark.name = json.at("name").get<std::string>();
  benchmark.paramNames = json.at("param_names").get<std::vector<std::string>>();
  benchmark.params = json.at("params").get<std::vector<std::vector<std::string>>>();
  if (const auto timeout = json.find("timeout"); timeout != json.end() && timeout->is_number())
    benchmark.timeoutS = timeout->get<double>();
  if (const auto doc = json.find("doc"); doc != json.end() && doc->is_string())
    benchmark.doc = doc->get<std::string>();
  if (const auto pretty = json.find("pretty_name"); pretty != json.end() && pretty->is_string())
    benchmark.prettyName = pretty->get<std::string>();
  benchmark.line = json.value("line", 0);
  if (const auto kernel = json.find("kernel"); kernel != json.end() && kernel->is_string())
    benchmark.kernel = kernel->get<std::string>();
  benchmark.reference = json.value("reference", false);
  if (const auto device = json.find("device"); device != json.end() && device->is_string())
    benchmark.device = device->get<std::string>();
  if (const auto threads = json.find("threads"); threads != json.end() && threads->is_string())
    benchmark.threads = threads->get<std::string>();
  return benchmark;
}

AsvDeclaredKernel kernelFrom(const nlohmann::json& json) {
  AsvDeclaredKernel kernel;
  kernel.name = json.at("name").get<std::string>();
  kernel.rtol = json.at("rtol").get<double>();
  if (const auto reference = json.find("reference");
      reference != json.end() && reference->is_string())
    kernel.reference = reference->get<std::string>();
  if (const auto work = json.find("work"); work != json.end() && work->is_array())
    for (const nlohmann::json& at : *work)
      kernel.work.push_back({.params = at.at("params").get<std::vector<std::string>>(),
                             .elements = at.at("elements").get<std::uint64_t>(),
                             .bytes = at.at("bytes").get<std::uint64_t>(),
                             .flops = at.at("flops").get<std::uint64_t>()});
  return kernel;
}

}  // namespace

std::unique_ptr<PythonChild> asvChild(const std::string& interpreter) {
  return std::make_unique<PythonChild>(interpreter, kAsvScript, std::span<const int>{},
                                       std::vector<std::string>{kAccellabModule});
}

std::string childError(const std::string& error, const std::vector<std::string>& traceback) {
  std::string text = error;
  for (const std::string& line : traceback) text += "\n    " + line;
  return text;
}

std::string notAReply(const nlohmann::json::exception& malformed) {
  std::string why = malformed.what();  // "[json.exception.out_of_range.403] key 'x' not found"
  if (why.starts_with("[json.exception.")) why.erase(0, why.find("] ") + 2);
  return "the Python child's reply is not AccelLab's (" + printable(why) +
         "): did the code write into the child's replies, on a file descriptor it did not open?";
}

AsvListing listAsvFile(const std::filesystem::path& file, const std::string& interpreter,
                       std::stop_token stop) {
  const std::string shown = "python file " + printable(file.string());
  std::error_code error;
  const std::filesystem::path absolute = std::filesystem::absolute(file, error);
  if (!std::filesystem::is_regular_file(absolute, error))
    throw PythonFileError(shown + ": no such file");
  // The child takes the path as JSON text, which holds UTF-8 alone.
  try {
    (void)nlohmann::json(absolute.string()).dump();
  } catch (const nlohmann::json::type_error&) {
    throw PythonFileError(shown +
                          ": its path is not UTF-8 text, which the Python child takes it "
                          "as: rename the file or its folder");
  }
  std::optional<std::string> line;
  try {
    const std::unique_ptr<PythonChild> child = asvChild(interpreter);
    const nlohmann::json request = {{"op", "list"}, {"file", absolute.string()}};
    if (child->send(request.dump(), stop, kSendTimeout)) line = child->receive(stop, kListTimeout);
    if (!line)
      throw PythonFileError(shown + ": " +
                            (stop.stop_requested()
                                 ? "interrupted while listing"
                                 : "the Python child did not list it within " +
                                       std::to_string(kListTimeout.count()) + " s"));
  } catch (const ChildGone& gone) {
    throw PythonFileError(shown + ": the Python child " + gone.how() + " while importing it" +
                          (gone.stderrTail().empty()
                               ? std::string()
                               : "; last lines on stderr: " + lastLines(gone.stderrTail(), 6)));
  } catch (const PythonFileError&) {
    throw;
  } catch (const std::exception& cannot) {
    throw PythonFileError(shown + ": " + cannot.what());  // "python3 not found"
  }
  const nlohmann::json reply = nlohmann::json::parse(*line, nullptr, false);
  if (reply.is_discarded() || !reply.is_object())
    throw PythonFileError(shown + ": the Python child replied '" + line->substr(0, 200) + "'");
  if (const auto failed = reply.find("error"); failed != reply.end()) {
    // A module the file imports is missing: the user needs to know which interpreter lacks it.
    const std::string missing = reply.value("missing", "");
    throw PythonFileError(shown + ": " +
                          childError(failed->get<std::string>(),
                                     reply.value("traceback", std::vector<std::string>{})) +
                          (missing.empty() ? "" : "\n" + missingModule(missing, interpreter)));
  }
  try {
    AsvListing listing;
    listing.file = absolute;
    listing.sha256 = reply.at("sha256").get<std::string>();
    listing.interpreter = interpreterText(reply.at("python"));
    for (const nlohmann::json& benchmark : reply.at("benchmarks"))
      listing.benchmarks.push_back(benchmarkFrom(benchmark));
    for (const nlohmann::json& kernel : reply.value("kernels", nlohmann::json::array()))
      listing.kernels.push_back(kernelFrom(kernel));
    for (const nlohmann::json& skipped : reply.at("not_measured"))
      listing.notMeasured.push_back(
          {skipped.at("name").get<std::string>(), skipped.at("reason").get<std::string>()});
    for (const nlohmann::json& joined : reply.value("builtin_variants", nlohmann::json::array()))
      listing.builtinVariants.push_back({.kernel = joined.at("kernel").get<std::string>(),
                                         .name = joined.at("name").get<std::string>(),
                                         .file = absolute,
                                         .sha256 = listing.sha256,
                                         .interpreter = listing.interpreter,
                                         .doc = joined.at("doc").get<std::string>(),
                                         .line = joined.at("line").get<int>(),
                                         .threads = joined.at("threads").get<std::string>(),
                                         .timeoutS = joined.at("timeout").get<double>()});
    return listing;
  } catch (const nlohmann::json::exception& malformed) {
    throw PythonFileError(shown + ": " + notAReply(malformed));
  }
}

}  // namespace accellab::kernels
