#include "run_reference.h"

#include <charconv>
#include <filesystem>

#include "cli_error.h"

namespace accellab::cli {

namespace {

std::string quoted(const std::string& text) { return "'" + text + "'"; }

}  // namespace

RunReference parseRunReference(const std::string& text) {
  std::error_code error;
  const std::size_t hash = text.rfind('#');
  if (hash == std::string::npos || std::filesystem::exists(text, error)) return {text, {}};
  const std::string path = text.substr(0, hash);
  const std::string id = text.substr(hash + 1);
  if (path.empty()) throw UsageError(quoted(text) + ": no session file before '#'");
  if (id.empty()) throw UsageError(quoted(text) + ": no run id after '#' (e.g. " + path + "#2)");
  int value = 0;
  const auto [end, failure] = std::from_chars(id.data(), id.data() + id.size(), value);
  if (failure != std::errc{} || end != id.data() + id.size() || value < 1) {
    throw UsageError(quoted(text) + ": " + quoted(id) +
                     " is not a run id (a whole number from 1, e.g. " + path + "#2)");
  }
  return {path, value};
}

std::string idList(const std::vector<int>& ids) {
  std::string text;
  for (int id : ids) text += (text.empty() ? "" : ", ") + std::to_string(id);
  return text;
}

ChosenRun chooseRun(const RunReference& reference, const Session& session) {
  if (session.runs.empty()) throw UsageError(reference.path + " holds no runs");
  std::vector<int> ids;
  for (const Run& run : session.runs) ids.push_back(run.id);
  const Run* run = reference.id ? findRun(session, *reference.id) : &session.runs.back();
  if (!run) {
    throw UsageError(reference.path + " has no run " + std::to_string(*reference.id) +
                     " (its runs: " + idList(ids) + ")");
  }
  return {*run, reference.path, reference.path + "#" + std::to_string(run->id), std::move(ids),
          !reference.id};
}

}  // namespace accellab::cli
