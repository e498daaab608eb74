#include "insight_text.h"

#include "accellab/insights.h"
#include "accellab/printable.h"

namespace accellab::cli {

void addInsightOptions(ArgumentParser& parser) {
  parser
      .flag("--insights",
            "say under each run's table why its variants are fast or slow (docs/insights.md)")
      .option("--insights-json", "FILE", "also write each run's findings as JSON")
      .option("--insights-markdown", "FILE",
              "also write each run's findings as Markdown, for an issue or a pull request");
}

void writeInsights(const Run& run, const ReportOptions& options, std::ostream& out) {
  const std::vector<Insight> insights = findInsights(run, options);
  if (insights.empty()) {
    out << "\nFindings: none (" << kFindingsNeed << "; docs/insights.md)\n";
    return;
  }
  out << "\nFindings (docs/insights.md):\n";
  for (const Insight& insight : insights)
    out << "  " << toString(insight.kind) << ": " << printable(describe(insight)) << '\n';
}

void writeInsightsAcross(const std::vector<Run>& runs, std::ostream& out) {
  std::vector<const Run*> shown;
  for (const Run& run : runs) shown.push_back(&run);
  const std::vector<Insight> insights = findInsightsAcross(shown);
  if (insights.empty()) return;
  out << "\nAcross runs (docs/insights.md):\n";
  for (const Insight& insight : insights)
    out << "  " << toString(insight.kind) << ": " << printable(describe(insight)) << '\n';
}

}  // namespace accellab::cli
