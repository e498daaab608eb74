// The findings of runs as files to share (an issue, a pull request): JSON for tools, Markdown
// for people. Both carry the same English text the command line prints (describe(Insight)).
#include <nlohmann/json.hpp>

#include "accellab/insights.h"
#include "table_text.h"

namespace accellab {

namespace {

using Json = nlohmann::ordered_json;

Json toJson(const Insight& insight, const Run& run) {
  Json numbers = Json::object();
  for (const auto& [name, value] : insight.numbers) numbers[name] = value;
  // Each row the finding rests on, named as the tables name it, besides its index.
  Json evidence = Json::array();
  for (const std::size_t row : insight.rows) {
    const Point& point = run.points.at(row).point;
    evidence.push_back({{"row", row},
                        {"variant", point.variant},
                        {"threads", point.threads},
                        {"problem", describe(point.params)}});
  }
  Json json = {{"kind", toString(insight.kind)}, {"kernel", insight.kernel},
               {"problem", insight.problem},     {"variant", insight.variant},
               {"threads", insight.threads},     {"on_device", insight.onDevice},
               {"chart", insight.chart},         {"rests_on_flagged", insight.restsOnFlagged},
               {"numbers", std::move(numbers)},  {"evidence", std::move(evidence)},
               {"text", describe(insight)}};
  // The variant it is compared with (the GPU crossover's fastest CPU one), where it has one.
  if (!insight.other.empty()) json["other"] = insight.other;
  return json;
}

std::vector<const Run*> pointers(const std::vector<Run>& runs) {
  std::vector<const Run*> all;
  for (const Run& run : runs) all.push_back(&run);
  return all;
}

// The run a finding across runs rests on: the later one, whose rows its evidence indexes.
const Run& laterRun(const std::vector<Run>& runs, const Insight& insight) {
  const double id = insight.numbers.at("newRun");
  for (const Run& run : runs)
    if (run.id == id) return run;
  return runs.back();
}

}  // namespace

std::string findingsToJson(const std::vector<Run>& runs, const ReportOptions& options) {
  Json json = {{"format", "accellab-findings"}, {"version", 1}, {"runs", Json::array()}};
  for (const Run& run : runs) {
    Json findings = Json::array();
    for (const Insight& insight : findInsights(run, options))
      findings.push_back(toJson(insight, run));
    json["runs"].push_back({{"id", run.id}, {"name", run.name}, {"findings", std::move(findings)}});
  }
  json["across"] = Json::array();
  for (const Insight& insight : findInsightsAcross(pointers(runs)))
    json["across"].push_back(toJson(insight, laterRun(runs, insight)));
  // Text that is not UTF-8 (a name from an old file) is written with U+FFFD, not refused.
  return json.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::string findingsToMarkdown(const std::vector<Run>& runs, const ReportOptions& options) {
  std::string text =
      "# Findings\n\nRead from each run's own measurements; each finding's "
      "threshold and theory: AccelLab's docs/insights.md.\n";
  for (const Run& run : runs) {
    text += "\n## Run " + std::to_string(run.id) + ": " + detail::markdownCell(run.name) + "\n\n";
    const std::vector<Insight> insights = findInsights(run, options);
    if (insights.empty()) {
      text += "No findings: " + std::string(kFindingsNeed) + ".\n";
      continue;
    }
    text += detail::markdownLine({"finding", "what the measurements say", "chart"});
    text += "| --- | --- | --- |\n";
    for (const Insight& insight : insights)
      text += detail::markdownLine(
          {std::string(toString(insight.kind)), describe(insight), insight.chart});
  }
  const std::vector<Insight> across = findInsightsAcross(pointers(runs));
  if (across.empty()) return text;
  text += "\n## Across runs\n\n";
  text += detail::markdownLine({"finding", "what the measurements say", "chart"});
  text += "| --- | --- | --- |\n";
  for (const Insight& insight : across)
    text += detail::markdownLine(
        {std::string(toString(insight.kind)), describe(insight), insight.chart});
  return text;
}

}  // namespace accellab
