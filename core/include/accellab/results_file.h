// Opening results whatever measured them: an AccelLab session or Google Benchmark JSON (gbench.h),
// told apart by content, not by name. The CLI's report and the desktop app's Open read through it.
#pragma once

#include <filesystem>
#include <string_view>

#include "accellab/session.h"

namespace accellab {

// What a results file held: a session as AccelLab wrote it, or another tool's results made
// into one run. The desktop app opens the first as a document and the second as new, unsaved
// work, so that saving never writes a session over the other tool's file.
enum class ResultsKind { session, googleBenchmark };

struct ResultsFile {
  Session session;
  ResultsKind kind = ResultsKind::session;
};

// Throws SessionError with the reader's message; JSON that is neither format is refused as
// "not an AccelLab session or Google Benchmark JSON".
Session resultsFromJson(std::string_view json);
// The same, from a file (prefixes errors with its path). Refuses what is not a regular file
// or is larger than the reader's limit before reading any of it.
ResultsFile readResultsFileWithKind(const std::filesystem::path& path);
Session readResultsFile(const std::filesystem::path& path);

}  // namespace accellab
