#include "i18n/columnheaders.h"

#include <QCoreApplication>
#include <algorithm>
#include <iterator>
#include <string>

namespace accellab::gui {

namespace {

// Every header of reportColumns() and comparisonColumns(), for lupdate to collect; a test
// fails when the engine gains a column this list lacks.
constexpr const char* kHeaders[] = {
    QT_TRANSLATE_NOOP("ColumnHeader", "run"),
    QT_TRANSLATE_NOOP("ColumnHeader", "kernel"),
    QT_TRANSLATE_NOOP("ColumnHeader", "problem"),
    QT_TRANSLATE_NOOP("ColumnHeader", "size"),
    QT_TRANSLATE_NOOP("ColumnHeader", "variant"),
    QT_TRANSLATE_NOOP("ColumnHeader", "threads"),
    QT_TRANSLATE_NOOP("ColumnHeader", "ranks"),
    QT_TRANSLATE_NOOP("ColumnHeader", "imbalance"),
    QT_TRANSLATE_NOOP("ColumnHeader", "median"),
    QT_TRANSLATE_NOOP("ColumnHeader", "\u00b1 MAD"),
    QT_TRANSLATE_NOOP("ColumnHeader", "first call"),
    QT_TRANSLATE_NOOP("ColumnHeader", "throughput"),
    QT_TRANSLATE_NOOP("ColumnHeader", "bandwidth"),
    QT_TRANSLATE_NOOP("ColumnHeader", "% ceiling"),
    QT_TRANSLATE_NOOP("ColumnHeader", "FLOP rate"),
    QT_TRANSLATE_NOOP("ColumnHeader", "intensity"),
    QT_TRANSLATE_NOOP("ColumnHeader", "cores"),
    QT_TRANSLATE_NOOP("ColumnHeader", "speedup"),
    QT_TRANSLATE_NOOP("ColumnHeader", "verified"),
    QT_TRANSLATE_NOOP("ColumnHeader", "status"),
    QT_TRANSLATE_NOOP("ColumnHeader", "flags"),
    QT_TRANSLATE_NOOP("ColumnHeader", "CPU time"),
    QT_TRANSLATE_NOOP("ColumnHeader", "page faults"),
    QT_TRANSLATE_NOOP("ColumnHeader", "first call page faults"),
    QT_TRANSLATE_NOOP("ColumnHeader", "context switches"),
    QT_TRANSLATE_NOOP("ColumnHeader", "CPU migrations"),
    QT_TRANSLATE_NOOP("ColumnHeader", "cycles"),
    QT_TRANSLATE_NOOP("ColumnHeader", "instructions"),
    QT_TRANSLATE_NOOP("ColumnHeader", "cache misses"),
    QT_TRANSLATE_NOOP("ColumnHeader", "L1D load misses"),
    QT_TRANSLATE_NOOP("ColumnHeader", "branch misses"),
    QT_TRANSLATE_NOOP("ColumnHeader", "min"),
    QT_TRANSLATE_NOOP("ColumnHeader", "mean"),
    QT_TRANSLATE_NOOP("ColumnHeader", "stddev"),
    QT_TRANSLATE_NOOP("ColumnHeader", "CI95 low"),
    QT_TRANSLATE_NOOP("ColumnHeader", "CI95 high"),
    QT_TRANSLATE_NOOP("ColumnHeader", "outliers"),
    QT_TRANSLATE_NOOP("ColumnHeader", "samples"),
    QT_TRANSLATE_NOOP("ColumnHeader", "runs/sample"),
    QT_TRANSLATE_NOOP("ColumnHeader", "attempts"),
    QT_TRANSLATE_NOOP("ColumnHeader", "elements"),
    QT_TRANSLATE_NOOP("ColumnHeader", "bytes"),
    QT_TRANSLATE_NOOP("ColumnHeader", "FLOPs"),
    QT_TRANSLATE_NOOP("ColumnHeader", "reason"),
    QT_TRANSLATE_NOOP("ColumnHeader", "isa"),
    QT_TRANSLATE_NOOP("ColumnHeader", "GPU kernel"),
    QT_TRANSLATE_NOOP("ColumnHeader", "GPU h2d"),
    QT_TRANSLATE_NOOP("ColumnHeader", "GPU d2h"),
    QT_TRANSLATE_NOOP("ColumnHeader", "GPU end to end"),
    QT_TRANSLATE_NOOP("ColumnHeader", "benchmark"),
    QT_TRANSLATE_NOOP("ColumnHeader", "note"),
    QT_TRANSLATE_NOOP("ColumnHeader", "new threads"),
    QT_TRANSLATE_NOOP("ColumnHeader", "base"),
    QT_TRANSLATE_NOOP("ColumnHeader", "new"),
    QT_TRANSLATE_NOOP("ColumnHeader", "new/base"),
    QT_TRANSLATE_NOOP("ColumnHeader", "95 % CI"),
    QT_TRANSLATE_NOOP("ColumnHeader", "CI low"),
    QT_TRANSLATE_NOOP("ColumnHeader", "CI high"),
    QT_TRANSLATE_NOOP("ColumnHeader", "p"),
    QT_TRANSLATE_NOOP("ColumnHeader", "base n"),
    QT_TRANSLATE_NOOP("ColumnHeader", "new n"),
    QT_TRANSLATE_NOOP("ColumnHeader", "base status"),
    QT_TRANSLATE_NOOP("ColumnHeader", "new status"),
    QT_TRANSLATE_NOOP("ColumnHeader", "verdict"),
};

}  // namespace

QString translatedHeader(std::string_view header) {
  const auto known = std::find_if(std::begin(kHeaders), std::end(kHeaders),
                                  [&](const char* text) { return header == text; });
  if (known == std::end(kHeaders))
    return QString::fromUtf8(header.data(), static_cast<qsizetype>(header.size()));
  return QCoreApplication::translate("ColumnHeader", *known);
}

}  // namespace accellab::gui
