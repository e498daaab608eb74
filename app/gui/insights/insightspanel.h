// The Insights tab: why the variants of the runs shown are fast or slow, a paragraph a
// finding, from the engine's findInsights (docs/insights.md). Each ends in a link that selects
// the rows it rests on and shows the chart that holds them.
#pragma once

#include <QString>
#include <QWidget>
#include <string>
#include <vector>

#include "accellab/report.h"
#include "accellab/session.h"

class QTextBrowser;

namespace accellab::gui {

class InsightsPanel : public QWidget {
  Q_OBJECT

 public:
  explicit InsightsPanel(QWidget* parent = nullptr);

  // The findings of each run of `runIds` in `session` about `kernel`, run by run.
  void showFindings(const Session& session, const std::vector<int>& runIds,
                    const std::string& kernel, const ReportOptions& options);
  // How many findings are shown (the tab's title counts them).
  int count() const { return static_cast<int>(evidence_.size()); }
  QTextBrowser& view() { return *view_; }

 signals:
  // `points`: indices into the run's points; `chart`: the chart's export stem.
  void findingActivated(int runId, const std::vector<std::size_t>& points, const QString& chart);

 private:
  struct Evidence {
    int runId;
    std::vector<std::size_t> points;
    QString chart;
  };
  QTextBrowser* view_;
  std::vector<Evidence> evidence_;  // by the number in each finding's link
};

}  // namespace accellab::gui
