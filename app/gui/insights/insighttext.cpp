#include "insights/insighttext.h"

#include <QCoreApplication>
#include <cmath>

#include "charts/chartinput.h"

namespace accellab::gui {

namespace {

// The translation context of these words (lupdate reads Insights::tr calls).
struct Insights {
  Q_DECLARE_TR_FUNCTIONS(Insights)
};

QString number(const Insight& insight, const char* name, ValueKind kind) {
  const auto found = insight.numbers.find(name);
  return found == insight.numbers.end() ? QStringLiteral("?") : formatted(found->second, kind);
}

QString whole(const Insight& insight, const char* name) {
  const auto found = insight.numbers.find(name);
  return found == insight.numbers.end() ? QStringLiteral("?")
                                        : QString::number(std::llround(found->second));
}

// "add parallel ×2 at 1024x1024x512 f64"
QString subject(const Insight& insight) {
  QString variant = QString::fromStdString(insight.variant);
  if (insight.threads > 1) variant += QStringLiteral(" \u00d7%1").arg(insight.threads);
  return Insights::tr("%1 %2 at %3")
      .arg(QString::fromStdString(insight.kernel), variant,
           QString::fromStdString(insight.problem));
}

// "Counted: 0.42 instructions per cycle; per element: 1.02 cache misses, …." where the
// hardware counters counted; empty where they did not.
QString countedText(const CountedRates& rates) {
  QStringList parts;
  if (rates.instructionsPerCycle)
    parts << Insights::tr("%1 instructions per cycle")
                 .arg(formatted(*rates.instructionsPerCycle, ValueKind::number));
  QStringList misses;
  const auto add = [&](const std::optional<double>& rate, const QString& what) {
    if (rate) misses << what.arg(formatted(*rate, ValueKind::number));
  };
  add(rates.cacheMissesPerElement, Insights::tr("%1 cache misses"));
  add(rates.l1dMissesPerElement, Insights::tr("%1 L1D load misses"));
  add(rates.branchMissesPerElement, Insights::tr("%1 branch misses"));
  if (!misses.isEmpty())
    parts << Insights::tr("per element: %1").arg(misses.join(QStringLiteral(", ")));
  if (parts.isEmpty()) return {};
  return Insights::tr("Counted: %1.").arg(parts.join(QStringLiteral("; ")));
}

}  // namespace

QString insightTitle(InsightKind kind) {
  switch (kind) {
    case InsightKind::memoryBound:
      return Insights::tr("Memory-bound");
    case InsightKind::computeBound:
      return Insights::tr("Compute-bound");
    case InsightKind::belowBothRoofs:
      return Insights::tr("Below both roofs");
    case InsightKind::threadsStopPay:
      return Insights::tr("Threads stop paying");
    case InsightKind::threadsLose:
      return Insights::tr("Threads lose");
    case InsightKind::accessOrder:
      return Insights::tr("Loop order");
    case InsightKind::firstCall:
      return Insights::tr("First call");
    case InsightKind::gpuCopies:
      return Insights::tr("GPU copies");
    case InsightKind::cacheDrop:
      return Insights::tr("Out of a cache");
    case InsightKind::pageableCopies:
      return Insights::tr("Pageable copies");
    case InsightKind::pythonAgainstCpp:
      return Insights::tr("Python against C++");
    case InsightKind::busyMachine:
      return Insights::tr("Busy machine");
    case InsightKind::gpuCrossover:
      return Insights::tr("GPU crossover");
    case InsightKind::undeclaredThreads:
      return Insights::tr("Undeclared threads");
    case InsightKind::runChange:
      return Insights::tr("Change between runs");
  }
  return {};
}

QString insightText(const Insight& insight) {
  using VK = ValueKind;
  const QString what = subject(insight);
  QString text;
  switch (insight.kind) {
    case InsightKind::memoryBound: {
      const QString moves = number(insight, "bytesPerS", VK::byteRate);
      const QString fraction = number(insight, "ceilingFraction", VK::percentage);
      const QString ceiling = number(insight, "ceilingBytesPerS", VK::byteRate);
      // Each text takes the arguments it has places for (one more warns, and is dropped).
      text = insight.numbers.contains("cacheLevel")
                 ? Insights::tr(
                       "%1 moves %2, %3 of the L%5 cache's roof (%4): it is bound by "
                       "that cache's bandwidth. Faster code will not help; less traffic "
                       "will (fuse passes, a smaller element type, or block for a "
                       "smaller level).")
                       .arg(what, moves, fraction, ceiling, whole(insight, "cacheLevel"))
                 : Insights::tr(
                       "%1 moves %2, %3 of the memory ceiling (%4): it is memory-bound. Faster "
                       "code will not help; less traffic will (fuse passes, a smaller element "
                       "type, or stay in cache).")
                       .arg(what, moves, fraction, ceiling);
      break;
    }
    case InsightKind::computeBound:
      text = Insights::tr(
                 "%1 computes %2, %3 of the FMA peak of its instruction set and threads (%4): it "
                 "is compute-bound. Wider vectors or more threads will help; less traffic will "
                 "not.")
                 .arg(what, number(insight, "flopsPerS", VK::flopRate),
                      number(insight, "peakFraction", VK::percentage),
                      number(insight, "peakFlopsPerS", VK::flopRate));
      break;
    case InsightKind::belowBothRoofs: {
      const bool cache = insight.numbers.contains("cacheLevel");
      const QString roof =
          cache ? Insights::tr("the L%1 cache's roof").arg(whole(insight, "cacheLevel"))
                : Insights::tr("the memory ceiling");
      const QString measured =
          insight.numbers.contains("peakFraction")
              ? Insights::tr("%1 reaches %2 of %4 and %3 of the FMA peak.")
                    .arg(what, number(insight, "ceilingFraction", VK::percentage),
                         number(insight, "peakFraction", VK::percentage), roof)
              : Insights::tr("%1 reaches %2 of %3.")
                    .arg(what, number(insight, "ceilingFraction", VK::percentage), roof);
      text = measured + QLatin1Char(' ') +
             (insight.onDevice
                  ? Insights::tr("Neither bounds it: at this size the launch and its latency "
                                 "do. Give the GPU a larger problem (it needs millions of "
                                 "elements to fill its cores).")
                  : Insights::tr("Neither bounds it: latency, a dependency chain, the loop "
                                 "order or per-call overhead does. Try the vectorized or "
                                 "parallel variant, or a larger problem."));
      break;
    }
    case InsightKind::threadsStopPay:
      text = Insights::tr(
                 "%1 on %2 threads runs %3 as fast as on one, an efficiency of %4: from there, "
                 "added threads pay less than half each. Look for a shared resource (memory "
                 "bandwidth, a lock) or too little work per thread.")
                 .arg(what, whole(insight, "threads"), number(insight, "speedup", VK::ratio),
                      number(insight, "efficiency", VK::percentage));
      break;
    case InsightKind::threadsLose: {
      text = Insights::tr("%1 on %2 threads is %3 slower than on one (%4).")
                 .arg(what, whole(insight, "threads"), number(insight, "slowdown", VK::ratio),
                      number(insight, "oneThreadS", VK::duration));
      QString why;
      switch (loseCause(insight)) {
        case LoseCause::belowSplit:
          why = Insights::tr(
                    "It moves %1 a call, below the %2 from which this machine's threads pay "
                    "(its split crossover), so starting and joining them, about %3 here, costs "
                    "more than the work. Use one thread for problems this small, or a larger "
                    "problem.")
                    .arg(number(insight, "bytes", VK::bytes),
                         number(insight, "splitFromBytes", VK::bytes),
                         number(insight, "overheadS", VK::duration));
          break;
        case LoseCause::busyMachine:
          why = Insights::tr(
              "The machine was busy when the run began (its load warning), and the threads "
              "competed with other work. Measure again on a quiet machine before drawing "
              "conclusions.");
          break;
        case LoseCause::idleThreads:
          why = Insights::tr(
                    "Its threads kept only %1 cores busy, so they waited more than they worked "
                    "(a lock, the memory bus, another process). Look for what they wait on.")
                    .arg(number(insight, "cores", VK::number));
          break;
        case LoseCause::unknown:
          if (insight.numbers.contains("splitFromBytes") && insight.numbers.contains("bytes"))
            why = Insights::tr(
                      "It moves %1 a call, above the %2 from which this machine's threads pay, "
                      "so starting them does not explain it.")
                      .arg(number(insight, "bytes", VK::bytes),
                           number(insight, "splitFromBytes", VK::bytes)) +
                  QLatin1Char(' ');
          why += Insights::tr(
              "Nothing else this run measured says why: measure again on a quiet machine, or "
              "more sizes.");
          break;
      }
      text += QLatin1Char(' ') + why;
      break;
    }
    case InsightKind::accessOrder:
      text = Insights::tr(
                 "%1 is %2 slower than loop: the tutorial's loop order makes each access jump "
                 "%3, so every element costs a cache line of its own. Make the innermost loop "
                 "walk the last index.")
                 .arg(what, number(insight, "factor", VK::ratio),
                      number(insight, "strideBytes", VK::bytes));
      break;
    case InsightKind::firstCall: {
      const QString first = number(insight, "firstCallS", VK::duration);
      const QString median = number(insight, "medianS", VK::duration);
      switch (firstTouch(insight)) {
        case FirstTouch::notCounted:
          text = Insights::tr(
                     "%1: the first call took %2 against a median of %3 (compilation, page "
                     "faults or module loading).")
                     .arg(what, first, median);
          break;
        case FirstTouch::explains: {
          const QString faults = whole(insight, "firstCallPageFaults");
          const QString later = number(insight, "pageFaultsPerCall", VK::number);
          const auto bytes = insight.numbers.find("bytes");
          text = bytes == insight.numbers.end()
                     ? Insights::tr(
                           "%1: the first call took %2 against a median of %3: %4 page faults "
                           "in it against %5 per later call: the first touch of its memory.")
                           .arg(what, first, median, faults, later)
                     : Insights::tr(
                           "%1: the first call took %2 against a median of %3: %4 page faults "
                           "in it against %5 per later call, one per %6 of the %7 a call "
                           "moves: the first touch of its memory.")
                           .arg(what, first, median, faults, later,
                                formatted(bytes->second / insight.numbers.at("firstCallPageFaults"),
                                          VK::bytes),
                                formatted(bytes->second, VK::bytes));
          break;
        }
        case FirstTouch::doesNotExplain:
          text = Insights::tr(
                     "%1: the first call took %2 against a median of %3: %4 page faults in it "
                     "against %5 per later call, so not the first touch of memory "
                     "(compilation, module loading or caches warming).")
                     .arg(what, first, median, whole(insight, "firstCallPageFaults"),
                          number(insight, "pageFaultsPerCall", VK::number));
          break;
      }
      if (const auto calls = insight.numbers.find("paybackCalls"); calls != insight.numbers.end()) {
        const long long n = std::llround(calls->second);
        text +=
            QLatin1Char(' ') +
            (n == 1 ? Insights::tr("It takes one call to win that back over the baseline.")
                    : Insights::tr("It takes %1 calls to win that back over the baseline.").arg(n));
      }
      text += QLatin1Char(' ') + Insights::tr(
                                     "A program that calls it once pays the first call, "
                                     "not the median.");
      if (const auto others = std::llround(insight.numbers.at("points")) - 1; others > 0)
        text += QLatin1Char(' ') + Insights::tr("Points of %1 cold too, besides this one: %2.")
                                       .arg(QString::fromStdString(insight.kernel))
                                       .arg(others);
      break;
    }
    case InsightKind::gpuCopies:
      text = Insights::tr(
                 "%1: the copies to and from the GPU take %2 of its time end to end (%3 against a "
                 "kernel of %4). Keep the data on the device across calls, or give the kernel "
                 "more work per byte.")
                 .arg(what, number(insight, "copyShare", VK::percentage),
                      number(insight, "copiesS", VK::duration),
                      number(insight, "kernelS", VK::duration));
      break;
    case InsightKind::cacheDrop: {
      text = Insights::tr("%1 falls from %2 at %3 a call to %4 at %5 (%6 slower per element).")
                 .arg(what, number(insight, "fromRate", VK::rate),
                      number(insight, "fromBytes", VK::bytes), number(insight, "toRate", VK::rate),
                      number(insight, "toBytes", VK::bytes), number(insight, "drop", VK::ratio));
      text +=
          QLatin1Char(' ') +
          (insight.numbers.contains("cacheLevel")
               ? Insights::tr("The larger size no longer fits in L%1 (%2), so it runs from "
                              "the next level down. Block the work to stay within it, or "
                              "expect this rate beyond it.")
                     .arg(whole(insight, "cacheLevel"), number(insight, "cacheBytes", VK::bytes))
               : Insights::tr("No cache boundary is known between the two: look for another "
                              "limit (page faults, the TLB, a change of code path)."));
      break;
    }
    case InsightKind::pageableCopies:
      text =
          Insights::tr(
              "%1: its copies from and to pageable memory (as the tutorial's to_device does) "
              "take %2 against %3 from pinned memory, %4 as long. Allocate the host buffers "
              "pinned (cudaMallocHost, cupy.cuda.alloc_pinned_memory) where the copies "
              "matter.")
              .arg(what, number(insight, "pageableS", VK::duration),
                   number(insight, "pinnedS", VK::duration), number(insight, "factor", VK::ratio));
      break;
    case InsightKind::pythonAgainstCpp: {
      QStringList takes;
      for (const auto& [python, factor] : slowestFirst(insight))
        takes << Insights::tr("%1 takes %2")
                     .arg(QString::fromStdString(python), formatted(factor, VK::ratio));
      text =
          Insights::tr(
              "For the same work, %1 at %2 on one thread: %3 the time of AccelLab's %4 "
              "(C++).")
              .arg(QString::fromStdString(insight.kernel), QString::fromStdString(insight.problem),
                   takes.join(Insights::tr(", ")), QString::fromStdString(insight.variant));
      text += QLatin1Char(' ') +
              (pythonFaster(insight)
                   ? Insights::tr("Where Python is faster, it calls compiled code that beats this "
                                  "C++ variant (a library's SIMD loops or its own threads: see "
                                  "its cores); where it is slower, the difference is the "
                                  "interpreter, NumPy's temporary arrays or the call through "
                                  "Python.")
                   : Insights::tr("The difference is the interpreter (a pure-Python loop runs "
                                  "bytecode for each element), NumPy's calls and temporary "
                                  "arrays, or Numba's call through Python; the C++ variant is "
                                  "the floor for this work."));
      break;
    }
    case InsightKind::gpuCrossover: {
      const QString gpu = QStringLiteral("%1 %2").arg(QString::fromStdString(insight.kernel),
                                                      QString::fromStdString(insight.variant));
      const QString speed =
          Insights::tr("%1 the speed of %2 at the largest size (%3 elements).")
              .arg(number(insight, "speedup", VK::ratio), QString::fromStdString(insight.other),
                   number(insight, "largestSize", VK::count));
      if (insight.numbers.contains("everySize"))
        text = Insights::tr(
                   "%1 end to end (its copies included) beats the fastest CPU variant "
                   "at every size measured: %2")
                   .arg(gpu, speed);
      else if (insight.numbers.contains("crossoverSize"))
        text = Insights::tr(
                   "%1 end to end (its copies included) beats the fastest CPU variant "
                   "from %2 on: %3 Below that size the copies and the launch cost more "
                   "than the kernel saves; send the GPU larger problems, or keep the "
                   "data on it.")
                   .arg(gpu, QString::fromStdString(insight.problem), speed);
      else
        text = Insights::tr(
                   "%1 end to end (its copies included) loses to the fastest CPU "
                   "variant at every size measured: %2 The copies and the launch cost "
                   "more than the kernel saves: measure larger problems, or keep the "
                   "data on the device across calls.")
                   .arg(gpu, speed);
      break;
    }
    case InsightKind::busyMachine: {
      QStringList why;
      if (insight.numbers.contains("load")) why << Insights::tr("a load above its CPUs");
      if (insight.numbers.contains("busyProcess"))
        why << Insights::tr("another process keeping a core busy");
      text = Insights::tr(
                 "The machine was busy when this run began (%1): %2 of its %3 measured points "
                 "are flagged, and every time may be slower than the machine is. Close other "
                 "programs and use Re-run Unstable Points before drawing conclusions.")
                 .arg(why.join(Insights::tr("; ")), whole(insight, "flaggedPoints"),
                      whole(insight, "measuredPoints"));
      break;
    }
    case InsightKind::undeclaredThreads: {
      const long long others = std::llround(insight.numbers.at("points")) - 1;
      text = insight.threads == 1
                 ? Insights::tr(
                       "%1 declared one thread and kept %2 cores busy (its CPU time over "
                       "its wall time).")
                       .arg(what, number(insight, "cores", VK::number))
                 : Insights::tr(
                       "%1 declared %3 threads and kept %2 cores busy (its CPU time over "
                       "its wall time).")
                       .arg(what, number(insight, "cores", VK::number), whole(insight, "threads"));
      if (others > 0)
        text += QLatin1Char(' ') +
                Insights::tr("Points that did likewise, besides this one: %1.").arg(others);
      text += QLatin1Char(' ') +
              Insights::tr(
                  "Threads it did not declare ran too, a library's own (Dask's scheduler, "
                  "OpenBLAS, Numba's or PyTorch's pool). Its time is not a time on that many "
                  "threads: compare it with variants on as many threads, or limit the library's "
                  "threads (threads= in the accellab module, OMP_NUM_THREADS).");
      break;
    }
    case InsightKind::runChange: {
      const QString runs = Insights::tr("Run %1 against run %2 of %3")
                               .arg(whole(insight, "newRun"), whole(insight, "baseRun"),
                                    QString::fromStdString(insight.kernel));
      const QString test = Insights::tr("U test at %1, a change of %2 or more")
                               .arg(number(insight, "alpha", ValueKind::probability),
                                    number(insight, "threshold", ValueKind::percentage));
      if (!insight.numbers.contains("ratio")) {
        text = Insights::tr(
                   "%1: none of their %2 common points changed significantly (%3): the runs "
                   "agree within their noise.")
                   .arg(runs, whole(insight, "unchanged"), test);
        break;
      }
      const double common = insight.numbers.at("faster") + insight.numbers.at("slower") +
                            insight.numbers.at("unchanged");
      text = Insights::tr(
                 "%1: of their %2 common points, %3 faster, %4 slower, %5 without a significant "
                 "change (%6); the largest change is %7: %8 the time (p = %9).")
                 .arg(runs, QString::number(std::llround(common)), whole(insight, "faster"),
                      whole(insight, "slower"), whole(insight, "unchanged"), test, what,
                      number(insight, "ratio", ValueKind::ratio),
                      number(insight, "pValue", ValueKind::probability));
      if (insight.numbers.at("slower") > 0)
        text += QLatin1Char(' ') +
                Insights::tr(
                    "A slower point is a regression only on the same machine under the same "
                    "conditions: compare the runs' machines and warnings (the Compare tab).");
      break;
    }
  }
  if (const QString counted = countedText(countedOf(insight)); !counted.isEmpty())
    text += QLatin1Char(' ') + counted;
  if (insight.restsOnFlagged)
    text += QLatin1Char(' ') +
            Insights::tr(
                "It rests on unstable or cut-short points: raise Minimum time or use Re-run "
                "Unstable Points first.");
  return text;
}

}  // namespace accellab::gui
