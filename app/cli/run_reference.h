// FILE or FILE#ID on a command line: which run of which session file.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "accellab/session.h"

namespace accellab::cli {

struct RunReference {
  std::string path;
  std::optional<int> id;  // none: the file's latest run
};

// "s.json#2" -> s.json, run 2; "s.json" -> s.json, latest. A path that exists as typed is a
// file even with a '#' in its name. Throws UsageError, naming the argument, for "#2" (no
// file), "s.json#" (no id) and "s.json#x", "s.json#0" (not a run id).
RunReference parseRunReference(const std::string& text);

struct ChosenRun {
  Run run;
  std::string path;
  std::string source;            // "s.json#3": what to type to get this run again
  std::vector<int> runIds;       // of every run in the file, in its order
  bool latestByDefault = false;  // no id was given
};

// The run of `session` (read from reference.path) that `reference` names: the one with its
// id, or the latest (the last one added). Throws UsageError for an id the session lacks
// (listing those it has) and for a session without runs.
ChosenRun chooseRun(const RunReference& reference, const Session& session);

// "1, 2, 3"
std::string idList(const std::vector<int>& ids);

}  // namespace accellab::cli
