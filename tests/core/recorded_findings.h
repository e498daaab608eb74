// The sessions recorded on a real machine for the findings' golden files (tests/data/insights:
// the tutorial's add with its Python variants at two sizes, matmul with OpenBLAS, a small add on
// two threads; all while another build kept the 2-core VM busy; and two runs of add, the second
// beside two busy loops, for the findings across runs), shared by the tests of the CLI's words
// (tst_insights) and the window's (tst_insighttext).
#pragma once

#include <QtTest>

#include <string>
#include <vector>

#include "accellab/insights.h"
#include "accellab/session.h"
#include "golden_file.h"

namespace accellab::test {

// A data row per recorded session, by its name, in the column "name".
inline void addRecordedSessionRows() {
  QTest::addColumn<QString>("name");
  for (const char* name : {"tutorial-add", "matmul", "small-threads", "two-runs"}) QTest::newRow(name) << name;
}

// The findings of every run of the recorded session `name`, in order, then those across its
// runs.
inline std::vector<Insight> recordedFindings(const QString& name) {
  const Session session = readSessionFile(dataFile("insights/" + name.toStdString() + ".json"));
  std::vector<Insight> found;
  std::vector<const Run*> runs;
  for (const Run& run : session.runs) {
    runs.push_back(&run);
    for (Insight& insight : findInsights(run)) found.push_back(std::move(insight));
  }
  for (Insight& insight : findInsightsAcross(runs)) found.push_back(std::move(insight));
  return found;
}

}  // namespace accellab::test
