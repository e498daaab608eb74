#include "architectures.h"

#include <algorithm>
#include <regex>
#include <vector>

#ifndef ACCELLAB_CUDA_ARCHITECTURES
#error "kernels/CMakeLists.txt defines ACCELLAB_CUDA_ARCHITECTURES for this file"
#endif

namespace accellab::kernels::cuda {
namespace {

std::string join(const std::vector<std::string>& items) {
  std::string text;
  for (const std::string& item : items) text += (text.empty() ? "" : ", ") + item;
  return text;
}

}  // namespace

std::string_view embeddedArchitectures() { return ACCELLAB_CUDA_ARCHITECTURES; }

std::string describeArchitectures(std::string_view architectures) {
  // "90a-real": major 9, minor 0, the arch-specific suffix a, machine code only.
  static const std::regex kEntry("([0-9]+)([0-9])([af]?)(-real|-virtual)?");
  std::vector<std::string> machineCode;
  std::vector<std::string> ptx;
  const std::string list(architectures);
  for (std::size_t begin = 0; begin <= list.size();) {
    const std::size_t end = std::min(list.find_first_of(";,", begin), list.size());
    const std::string entry = list.substr(begin, end - begin);
    begin = end + 1;
    if (entry.empty()) continue;
    std::smatch match;
    if (!std::regex_match(entry, match, kEntry)) {
      machineCode.push_back(entry);
      continue;
    }
    const std::string capability = match[1].str() + "." + match[2].str() + match[3].str();
    if (match[4] != "-virtual") machineCode.push_back(capability);
    if (match[4] != "-real") ptx.push_back(capability);
  }
  std::string text = join(machineCode);
  if (!ptx.empty()) text += (text.empty() ? "PTX " : " and PTX ") + join(ptx);
  return text;
}

std::string missingImageReason(std::string_view computeCapability, std::string_view architectures) {
  return "this build has no kernel image for compute capability " + std::string(computeCapability) +
         " (built for " + describeArchitectures(architectures) + ")";
}

}  // namespace accellab::kernels::cuda
