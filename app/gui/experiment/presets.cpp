#include "experiment/presets.h"

#include <QCoreApplication>
#include <QStringList>

#include "accellab/format.h"

namespace accellab::gui {

namespace {

// The kernel's defaults are the tutorial's experiment: add's 1024x1024x512, pi's ladder.
Shape3 tutorialShape(const Kernel& kernel) {
  return kernel.info().defaults.shape.value_or(Shape3{});
}

QString tutorialSamples(const KernelInfo& kernel) {
  QStringList counts;
  for (const std::uint64_t count : kernel.defaultSampleSweep)
    counts << QString::fromStdString(formatCount(count));
  if (counts.isEmpty() && kernel.defaults.samples)
    counts << QString::fromStdString(formatCount(*kernel.defaults.samples));
  return counts.join(QStringLiteral(", "));
}

// 2^exponent elements spread over z, y, x, largest first: 29 -> 1024x1024x512.
Shape3 cubeLike(int exponent) {
  const int z = (exponent + 2) / 3;
  const int y = (exponent - z + 1) / 2;
  const int x = exponent - z - y;
  return {std::uint64_t{1} << z, std::uint64_t{1} << y, std::uint64_t{1} << x};
}

std::uint64_t hostNeed(const Kernel& kernel, const Shape3& shape, DType dtype) {
  Params params;
  params.shape = shape;
  params.dtype = dtype;
  return kernel.memoryNeed(params, "loop").hostBytes;
}

// The largest power-of-two shape whose need stays within `budget` bytes.
Shape3 largestWithin(const Kernel& kernel, DType dtype, std::uint64_t budget) {
  Shape3 best = cubeLike(6);
  for (int exponent = 6; exponent <= 40; ++exponent) {
    const Shape3 shape = cubeLike(exponent);
    if (hostNeed(kernel, shape, dtype) > budget) break;
    best = shape;
  }
  return best;
}

Preset shapePreset(const QString& name, const Kernel& kernel, const Shape3& shape, DType dtype) {
  const QString text = QString::fromStdString(toString(shape));
  const QString need = QString::fromStdString(
      formatValue(static_cast<double>(hostNeed(kernel, shape, dtype)), ValueKind::bytes));
  return {QStringLiteral("%1 (%2, %3)").arg(name, text, need), text};
}

bool fits(const Kernel& kernel, const Shape3& shape, DType dtype, const MemoryAvailable& memory) {
  const MemoryNeed need{hostNeed(kernel, shape, dtype), 0};
  return !checkMemory(need, memory).has_value();
}

}  // namespace

std::vector<Preset> presetsFor(const Kernel& kernel, DType dtype, const MemoryAvailable& memory) {
  // A kernel sized by its own parameters has no sizes to preset: its fields hold defaults.
  if (kernel.info().problem == ProblemKind::parameters) return {};
  if (kernel.info().problem == ProblemKind::samples) {
    const QString tutorial = tutorialSamples(kernel.info());
    return {
        {QCoreApplication::translate("Presets", "Tutorial (%1 samples)").arg(tutorial), tutorial},
        {QCoreApplication::translate("Presets", "1e4 samples"), QStringLiteral("1e4")},
        {QCoreApplication::translate("Presets", "3e7 samples"), QStringLiteral("3e7")},
        {QCoreApplication::translate("Presets", "1e9 samples"), QStringLiteral("1e9")},
        {QCoreApplication::translate("Presets", "1e10 samples"), QStringLiteral("1e10")}};
  }
  const std::uint64_t ram = memory.hostBytes;
  const Shape3 small = largestWithin(kernel, dtype, ram / 256);
  const Shape3 medium = largestWithin(kernel, dtype, ram / 16);
  const Shape3 large = largestWithin(kernel, dtype, ram / 2);
  const auto list = [](std::initializer_list<Shape3> shapes) {
    QStringList texts;
    for (const Shape3& shape : shapes) texts << QString::fromStdString(toString(shape));
    return texts.join(QStringLiteral(", "));
  };
  return {shapePreset(QCoreApplication::translate("Presets", "Tutorial"), kernel,
                      tutorialShape(kernel), dtype),
          shapePreset(QCoreApplication::translate("Presets", "Small"), kernel, small, dtype),
          shapePreset(QCoreApplication::translate("Presets", "Medium"), kernel, medium, dtype),
          shapePreset(QCoreApplication::translate("Presets", "Large"), kernel, large, dtype),
          {QCoreApplication::translate("Presets", "Size sweep (small, medium, large)"),
           list({small, medium, large})}};
}

QString defaultSizes(const Kernel& kernel, DType dtype, const MemoryAvailable& memory) {
  if (kernel.info().problem == ProblemKind::parameters) return {};
  if (kernel.info().problem == ProblemKind::samples) return tutorialSamples(kernel.info());
  const Shape3 tutorial = tutorialShape(kernel);
  if (fits(kernel, tutorial, dtype, memory)) return QString::fromStdString(toString(tutorial));
  return QString::fromStdString(toString(largestWithin(kernel, dtype, memory.hostBytes / 2)));
}

}  // namespace accellab::gui
