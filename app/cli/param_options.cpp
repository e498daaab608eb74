#include "param_options.h"

#include <algorithm>

#include "accellab/parse.h"
#include "cli_error.h"

namespace accellab::cli {
namespace {

constexpr std::string_view kOption = "--param";

ParamAxes axesOf(const std::vector<std::string>& texts, const KernelInfo& kernel) {
  ParamAxes axes;
  for (const std::string& text : texts) {
    Parsed<ParamAxis> axis = parseParamAxis(kernel, text);
    if (!axis.value) throw UsageError("invalid --param: " + axis.error);
    if (!axes.emplace(axis.value->name, std::move(axis.value->values)).second)
      throw UsageError("--param " + axis.value->name + " given more than once");
  }
  return axes;
}

// The name of "n=256,512"; the text must have the '='.
std::string paramName(const std::string& text) {
  const std::size_t equals = text.find('=');
  if (equals == std::string::npos)
    throw UsageError("invalid --param: '" + text + "' is not NAME=VALUE[,VALUE...] (e.g. n=256)");
  const std::vector<std::string> name = splitList(text.substr(0, equals));
  return name.empty() ? std::string() : name.front();
}

}  // namespace

void addParamOption(ArgumentParser& parser) {
  parser.multiOption(std::string(kOption), "NAME=V,V",
                     "values of a parameter of the kernel, e.g. n=256,512 (see list)");
}

ParamAxes paramAxesFrom(const ArgumentParser& parser, const KernelInfo& kernel) {
  return axesOf(parser.values(kOption), kernel);
}

ParamAxes paramAxesFrom(const ArgumentParser& parser, const KernelInfo& kernel,
                        std::span<const Kernel* const> kernels) {
  std::vector<std::string> own;
  for (const std::string& text : parser.values(kOption)) {
    const std::string name = paramName(text);
    if (kernel.parameter(name)) {
      own.push_back(text);
    } else if (std::ranges::none_of(kernels, [&](const Kernel* k) {
                 return k->info().parameter(name) != nullptr;
               })) {
      throw UsageError("invalid --param: no kernel has a parameter '" + name +
                       "' (see 'accellab-cli list')");
    }
  }
  return axesOf(own, kernel);
}

}  // namespace accellab::cli
