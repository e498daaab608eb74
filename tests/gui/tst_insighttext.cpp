// The window's words for each finding: every kind has a title of its own, and a finding's text
// carries its numbers as the charts format them, never a "?" for one it has.
#include <QSet>
#include <QtTest>

#include "charts/chartinput.h"
#include "insights/insighttext.h"
#include "recorded_findings.h"

using namespace accellab;
using namespace accellab::gui;

namespace {

Insight finding(InsightKind kind, std::string variant,
                std::map<std::string, double, std::less<>> numbers) {
  Insight insight;
  insight.kind = kind;
  insight.kernel = "add";
  insight.problem = "1x1x100000 f64";
  insight.variant = std::move(variant);
  insight.numbers = std::move(numbers);
  return insight;
}

}  // namespace

class TestInsightText : public QObject {
  Q_OBJECT

 private slots:
  void everyKindHasItsOwnTitle() {
    QSet<QString> titles;
    for (int kind = 0; kind <= static_cast<int>(InsightKind::gpuCrossover); ++kind) {
      const QString title = insightTitle(static_cast<InsightKind>(kind));
      QVERIFY2(!title.isEmpty(), qPrintable(QString::number(kind)));
      titles.insert(title);
    }
    QCOMPARE(titles.size(), static_cast<int>(InsightKind::gpuCrossover) + 1);
  }

  // The recorded sessions of tst_insights in the window's words (its golden files there).
  void recordedRunsInTheWindowsWords_data() { test::addRecordedSessionRows(); }
  void recordedRunsInTheWindowsWords() {
    QFETCH(QString, name);
    QString text;
    for (const Insight& insight : test::recordedFindings(name))
      text += insightTitle(insight.kind) + QStringLiteral(": ") + insightText(insight) +
              QLatin1Char('\n');
    QVERIFY(!text.isEmpty());
    QVERIFY(
        test::matchesGolden("insights/" + name.toStdString() + ".window.txt", text.toStdString()));
  }

  void sizesPythonCopiesAndLoadCarryTheirNumbers() {
    Insight drop = finding(InsightKind::cacheDrop, "vectorized",
                           {{"fromBytes", 1 << 20},
                            {"toBytes", 64 << 20},
                            {"fromRate", 6e9},
                            {"toRate", 2e9},
                            {"drop", 3},
                            {"cacheLevel", 2},
                            {"cacheBytes", 2 << 20}});
    QString text = insightText(drop);
    for (const QString& shown :
         {formatted(6e9, ValueKind::rate), formatted(64 << 20, ValueKind::bytes),
          formatted(3, ValueKind::ratio),
          QStringLiteral("L2 (%1)").arg(formatted(2 << 20, ValueKind::bytes))})
      QVERIFY2(text.contains(shown), qPrintable(shown + QStringLiteral(" in ") + text));
    drop.numbers.erase("cacheLevel");
    QVERIFY(insightText(drop).contains(QStringLiteral("No cache boundary")));

    Insight python = finding(InsightKind::pythonAgainstCpp, "vectorized",
                             {{"numba", 1.2}, {"python-loop", 800}});
    text = insightText(python);
    QVERIFY2(
        text.contains(QStringLiteral("python-loop takes %1, numba takes %2 the time of "
                                     "AccelLab's vectorized")
                          .arg(formatted(800, ValueKind::ratio), formatted(1.2, ValueKind::ratio))),
        qPrintable(text));

    const Insight pageable = finding(InsightKind::pageableCopies, "gpu",
                                     {{"pageableS", 0.1}, {"pinnedS", 0.04}, {"factor", 2.5}});
    text = insightText(pageable);
    QVERIFY2(text.contains(formatted(0.1, ValueKind::duration)) &&
                 text.contains(formatted(2.5, ValueKind::ratio)),
             qPrintable(text));

    const Insight busy = finding(InsightKind::busyMachine, "loop",
                                 {{"flaggedPoints", 3}, {"measuredPoints", 8}, {"busyProcess", 1}});
    text = insightText(busy);
    QVERIFY2(text.contains(QStringLiteral("(another process keeping a core busy): 3 of its 8")),
             qPrintable(text));
    Insight crossover =
        finding(InsightKind::gpuCrossover, "gpu",
                {{"speedup", 4}, {"largestSize", 1 << 22}, {"crossoverSize", 1 << 18}});
    crossover.other = "parallel";
    text = insightText(crossover);
    QVERIFY2(text.contains(QStringLiteral("from 1x1x100000 f64 on: %1 the speed of parallel")
                               .arg(formatted(4, ValueKind::ratio))),
             qPrintable(text));
    for (const Insight& insight : {drop, python, pageable, busy, crossover})
      QVERIFY2(!insightText(insight).contains(QLatin1Char('?')), qPrintable(insightText(insight)));
  }

  // A bound's hardware evidence where a PMU counted it; nothing of it where none did.
  void boundsCarryTheCountersEvidence() {
    Insight bound = finding(InsightKind::memoryBound, "parallel",
                            {{"ceilingFraction", 0.85},
                             {"bytesPerS", 30e9},
                             {"ceilingBytesPerS", 35.2e9},
                             {"instructionsPerCycle", 0.5},
                             {"cacheMissesPerElement", 0.5},
                             {"branchMissesPerElement", 0.001}});
    const QString text = insightText(bound);
    QVERIFY2(
        text.contains(QStringLiteral("Counted: %1 instructions per cycle; per element: %2 "
                                     "cache misses, %3 branch misses.")
                          .arg(formatted(0.5, ValueKind::number), formatted(0.5, ValueKind::number),
                               formatted(0.001, ValueKind::number))),
        qPrintable(text));
    for (const char* name :
         {"instructionsPerCycle", "cacheMissesPerElement", "branchMissesPerElement"})
      bound.numbers.erase(name);
    QVERIFY2(!insightText(bound).contains(QStringLiteral("Counted")), qPrintable(text));
  }
};

QTEST_GUILESS_MAIN(TestInsightText)
#include "tst_insighttext.moc"
