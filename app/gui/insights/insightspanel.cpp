#include "insights/insightspanel.h"

#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

#include "accellab/insights.h"
#include "insights/insighttext.h"

namespace accellab::gui {

namespace {

constexpr auto kScheme = "finding";

}  // namespace

InsightsPanel::InsightsPanel(QWidget* parent) : QWidget(parent), view_(new QTextBrowser(this)) {
  view_->setObjectName(QStringLiteral("insightsView"));
  view_->setOpenLinks(false);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(view_);
  connect(view_, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
    bool ok = false;
    const int index = url.path().toInt(&ok);
    if (url.scheme() != QLatin1String(kScheme) || !ok || index < 0 || index >= count()) return;
    const Evidence& evidence = evidence_[static_cast<std::size_t>(index)];
    emit findingActivated(evidence.runId, evidence.points, evidence.chart);
  });
}

void InsightsPanel::showFindings(const Session& session, const std::vector<int>& runIds,
                                 const std::string& kernel, const ReportOptions& options) {
  evidence_.clear();
  QString html;
  const auto add = [&](const Insight& insight, int id) {
    if (insight.kernel != kernel) return;
    QString title = insightTitle(insight.kind);
    if (runIds.size() > 1 && insight.kind != InsightKind::runChange)
      title = tr("%1, run %2").arg(title).arg(id);
    if (insight.restsOnFlagged) title += QStringLiteral(" \u26a0");
    html += QStringLiteral("<p><b>%1.</b> %2 <a href=\"%3:%4\">%5</a></p>")
                .arg(title.toHtmlEscaped(), insightText(insight).toHtmlEscaped(),
                     QLatin1String(kScheme))
                .arg(evidence_.size())
                .arg(tr("Show the evidence"));
    evidence_.push_back({id, insight.rows, QString::fromStdString(insight.chart)});
  };
  std::vector<const Run*> shown;
  for (const int id : runIds) {
    const Run* run = findRun(session, id);
    if (!run) continue;
    shown.push_back(run);
    for (const Insight& insight : findInsights(*run, options)) add(insight, id);
  }
  // Then what changed between them: each later run against the first, its evidence in the later.
  for (const Insight& insight : findInsightsAcross(shown))
    add(insight, static_cast<int>(std::llround(insight.numbers.at("newRun"))));
  if (evidence_.empty())
    html = QStringLiteral("<p>%1</p>")
               .arg(tr("No findings: they need a variant near a ceiling or far below both, a "
                       "thread sweep (threads 1\u2026N), sizes on both sides of a cache, "
                       "loop-strided beside loop, Python beside C++, a cold first call, a gpu "
                       "point, or two runs of the kernel shown.")
                        .toHtmlEscaped());
  else
    html.prepend(QStringLiteral("<p><i>%1</i></p>")
                     .arg(tr("Why the variants shown are fast or slow, from their own numbers "
                             "(docs/insights.md).")
                              .toHtmlEscaped()));
  view_->setHtml(html);
}

}  // namespace accellab::gui
