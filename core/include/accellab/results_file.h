// Opening results whatever measured them: an AccelLab session or Google Benchmark JSON (gbench.h),
// told apart by content, not by name. The CLI's report and the desktop app's Open read through it.
#pragma once

#include <filesystem>
#include <string_view>

#include "accellab/session.h"

namespace accellab {

// Throws SessionError with the reader's message; JSON that is neither format is refused as
// "not an AccelLab session or Google Benchmark JSON".
Session resultsFromJson(std::string_view json);
// The same, from a file (prefixes errors with its path).
Session readResultsFile(const std::filesystem::path& path);

}  // namespace accellab
