// ExperimentPanel: what the widgets turn into (SweepSpec, MeasureConfig), input errors, the
// memory estimate and warning, presets sized from RAM, unavailable variants, settings.
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <QtTest>

#include "accellab/experiment_settings.h"
#include "accellab/kernels/builtin.h"
#include "accellab/parse.h"
#include "accellab/sweep.h"
#include "experiment/experimentpanel.h"
#include "experiment/presets.h"
#include "fake_kernel.h"

using namespace accellab;
using namespace accellab::gui;

namespace {

constexpr std::uint64_t kGiB = std::uint64_t{1} << 30;

template <typename T>
T* child(QWidget& parent, const char* name) {
  T* found = parent.findChild<T*>(QLatin1String(name));
  if (!found) qFatal("no child %s", name);
  return found;
}

}  // namespace

class TestExperimentPanel : public QObject {
  Q_OBJECT

 private:
  // A panel of 4 cores and 64 GiB in `window`, shown and activated (keys and focus reach it).
  ExperimentPanel* shownIn(QWidget& window) {
    auto* layout = new QVBoxLayout(&window);
    auto* panel = new ExperimentPanel(registry_, MemoryAvailable{64 * kGiB, {}}, 4);
    layout->addWidget(panel);
    window.show();
    window.activateWindow();
    return panel;
  }

 private slots:
  // Scrolling the panel with the wheel changes no value (issue: the wheel passing over
  // Threads turned 2 into 1): a field takes the wheel once focused, and only then.
  // A thread count typed is taken as typed, with the warning (issue: 999 became 99).
  void typedThreadsAreTakenAsTyped() {
    ExperimentPanel panel(registry_, MemoryAvailable{64 * kGiB, {}}, 2);
    auto* threads = child<QSpinBox>(panel, "threads");
    threads->selectAll();
    QTest::keyClicks(threads, QStringLiteral("999"));
    QCOMPARE(threads->value(), 999);
    QVERIFY(child<QLabel>(panel, "threadsWarning")->text().contains(QStringLiteral("999 threads")));
    QVERIFY(threads->toolTip().contains(QString::number(threads->maximum())));
  }

  // Every field of a run setting is the engine's table's (experiment_settings.h): its range,
  // a share shown as a percentage, 0 as what it means. The quality fields once stopped at
  // 0.1-100 % where the CLI took up to 1000 %.
  void settingFieldsTakeTheTablesRanges() {
    ExperimentPanel panel(registry_, MemoryAvailable{64 * kGiB, {}}, 2);
    int fields = 0;
    for (const SettingDescription& setting : settingDescriptions()) {
      const QString key = QString::fromUtf8(setting.key.data(), qsizetype(setting.key.size()));
      auto* box = panel.findChild<QAbstractSpinBox*>(key);
      if (setting.group == SettingGroup::none) {
        QVERIFY2(!box, qPrintable(key));
        continue;
      }
      QVERIFY2(box, qPrintable(key));
      ++fields;
      QVERIFY(!box->toolTip().isEmpty());
      const double scale = setting.unit == SettingUnit::share ? 100 : 1;
      const double min = setting.zeroMeans.empty() ? setting.min * scale : 0;
      if (auto* spin = qobject_cast<QSpinBox*>(box)) {
        QCOMPARE(spin->minimum(), static_cast<int>(min));
        QCOMPARE(spin->maximum(), static_cast<int>(setting.max));
      } else {
        auto* number = qobject_cast<QDoubleSpinBox*>(box);
        QVERIFY(number);
        QCOMPARE(number->minimum(), min);
        QCOMPARE(number->maximum(), setting.max * scale);
      }
    }
    QCOMPARE(fields, 7);
    auto* unstable = child<QDoubleSpinBox>(panel, "max_relative_spread");
    unstable->setValue(unstable->minimum());
    QCOMPARE(unstable->text(), QStringLiteral("0.0001 % MAD"));
    unstable->setValue(5);
    QCOMPARE(unstable->text(), QStringLiteral("5 % MAD"));
    QCOMPARE(panel.experiment()->measure.quality.maxRelativeSpread, 0.05);
    auto* timeout = child<QDoubleSpinBox>(panel, "point_timeout_s");
    QCOMPARE(timeout->text(), QStringLiteral("automatic"));
    QCOMPARE(panel.pointTimeoutS(), std::optional<double>());
    timeout->setValue(30);
    QCOMPARE(panel.pointTimeoutS(), std::optional<double>(30));
  }

  // Each kernel keeps its ticks (issue: add -> pi -> add reset them).
  void eachKernelKeepsItsVariantTicks() {
    ExperimentPanel panel(registry_, MemoryAvailable{64 * kGiB, {}}, 2);
    auto* kernel = child<QComboBox>(panel, "kernel");
    kernel->setCurrentText(QStringLiteral("add"));
    // The boxes are made again for each kernel shown: looked up anew after each switch.
    auto* loop = child<QCheckBox>(panel, "variant-loop");
    auto* strided = child<QCheckBox>(panel, "variant-loop-strided");
    QVERIFY(loop->isChecked());
    const bool stridedWas = strided->isChecked();
    const bool stridedRuns = strided->isEnabled();
    loop->setChecked(false);
    if (stridedRuns) strided->setChecked(!stridedWas);
    kernel->setCurrentText(QStringLiteral("pi"));
    QVERIFY(child<QCheckBox>(panel, "variant-loop")->isChecked());  // pi's own, untouched
    kernel->setCurrentText(QStringLiteral("add"));
    QVERIFY(!child<QCheckBox>(panel, "variant-loop")->isChecked());
    if (stridedRuns)
      QCOMPARE(child<QCheckBox>(panel, "variant-loop-strided")->isChecked(), !stridedWas);
  }

  // "Run Again with These Settings": a run's sweep and measure settings fill every field, so
  // the panel's experiment expands to the run's points again; what the panel cannot hold is
  // said, one line each, and the nearest it can hold is entered (issue 21, item 6).
  void aRunsSettingsFillThePanel() {
    ExperimentPanel panel(registry_, MemoryAvailable{64 * kGiB, {}}, 4);
    panel.setExperiment(QStringLiteral("add"), QStringLiteral("2x3x4, 1x1x9"),
                        ExperimentPanel::SweepMode::threadsOneToN, 2, 7, 0.05);
    child<QCheckBox>(panel, "variant-vectorized")->setChecked(false);
    child<QDoubleSpinBox>(panel, "max_relative_spread")->setValue(12);
    child<QComboBox>(panel, "dtype")->setCurrentText(QStringLiteral("f32"));
    const auto before = panel.experiment();
    QVERIFY2(before, qPrintable(panel.error()));
    const std::vector<Point> points = expandSweep(before->sweep, registry_);
    panel.setExperiment(QStringLiteral("pi"), QStringLiteral("1e4"),
                        ExperimentPanel::SweepMode::fixedThreads, 1, 3, 0.2);
    const Experiment again{sweepOf(points, registry_.find("add")->info()), before->measure};
    QCOMPARE(panel.restore(again), QStringList{});
    const auto after = panel.experiment();
    QVERIFY2(after, qPrintable(panel.error()));
    QVERIFY(expandSweep(after->sweep, registry_) == points);
    QVERIFY(after->measure == before->measure);

    // A run from the command line: threads 1 and 3, its own seed, both element types, more
    // repetitions than the field takes, a batch length the panel has no field for.
    Experiment cli = again;
    cli.sweep.threads = {1, 3};
    cli.sweep.seed = 5;
    cli.sweep.dtypes = {DType::f64, DType::f32};
    cli.measure.minReps = 2'000'000'000;
    cli.measure.minSampleS = 0.001;
    const QStringList lost = panel.restore(cli);
    QCOMPARE(lost.size(), 5);
    QVERIFY2(lost[0].contains(QStringLiteral("2 element types")) &&
                 lost[0].contains(QStringLiteral("f64")),
             qPrintable(lost[0]));
    QVERIFY2(lost[1].contains(QStringLiteral("1, 3 threads")), qPrintable(lost[1]));
    QVERIFY2(lost[2].contains(QStringLiteral("seed 5")), qPrintable(lost[2]));
    QCOMPARE(lost[3], QStringLiteral("Repetitions 2000000000 cannot be entered in the panel; "
                                     "it took 1000000000."));
    QCOMPARE(lost[4], QStringLiteral("--min-sample 0.001 s came from the command line; the "
                                     "panel has no field for it and runs with 2e-05 s."));
    const auto nearest = panel.experiment();
    QVERIFY2(nearest, qPrintable(panel.error()));
    QCOMPARE(nearest->sweep.threads, (std::vector<int>{1, 2, 3}));
    QCOMPARE(nearest->sweep.dtypes, std::vector<DType>{DType::f64});
    QCOMPARE(nearest->measure.minReps, std::size_t{1'000'000'000});

    // A kernel this build lacks is said, and nothing else is touched.
    Experiment unknown = again;
    unknown.sweep.kernel = "nosuch";
    QCOMPARE(panel.restore(unknown).size(), 1);
    QCOMPARE(panel.kernel(), QStringLiteral("add"));
  }

  void wheelChangesOnlyAFocusedField() {
    QWidget window;
    ExperimentPanel* panel = shownIn(window);
    QVERIFY(QTest::qWaitForWindowActive(&window));
    auto* threads = child<QSpinBox>(*panel, "threads");
    auto* dtype = child<QComboBox>(*panel, "dtype");
    threads->setValue(2);
    const int type = dtype->currentIndex();
    const auto wheel = [](QWidget* field, int steps) {
      const QPointF at(field->width() / 2.0, field->height() / 2.0);
      QWheelEvent event(at, field->mapToGlobal(at), {}, QPoint(0, 120 * steps), Qt::NoButton,
                        Qt::NoModifier, Qt::NoScrollPhase, false);
      QCoreApplication::sendEvent(field, &event);
    };
    window.setFocus();
    wheel(threads, -1);
    wheel(dtype, 1);
    QCOMPARE(threads->value(), 2);
    QCOMPARE(dtype->currentIndex(), type);
    QCOMPARE(threads->focusPolicy(), Qt::StrongFocus);
    threads->setFocus();
    QTRY_VERIFY(threads->hasFocus());
    wheel(threads, -1);
    QCOMPARE(threads->value(), 1);
  }

  // Tab goes from the element type through every variant that can run, in the order shown, to
  // the sweep, and Space ticks the one it is on (issue: Tab jumped from Element type to Sweep).
  void tabReachesEveryVariant() {
    QWidget window;
    ExperimentPanel* panel = shownIn(window);
    QVERIFY(QTest::qWaitForWindowActive(&window));
    // A rebuild of the variants (another kernel and back) must keep the order too.
    auto* kernel = child<QComboBox>(*panel, "kernel");
    kernel->setCurrentIndex(kernel->findText(QStringLiteral("pi")));
    kernel->setCurrentIndex(kernel->findText(QStringLiteral("add")));
    QTRY_VERIFY(child<QCheckBox>(*panel, "variant-loop")->isVisible());  // shown by the layout
    auto* dtype = child<QComboBox>(*panel, "dtype");
    dtype->setFocus();
    QTRY_VERIFY(dtype->hasFocus());
    QStringList visited;
    for (int i = 0; i < 64 && !child<QComboBox>(*panel, "sweepMode")->hasFocus(); ++i) {
      QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
      if (auto* check = qobject_cast<QCheckBox*>(QApplication::focusWidget()))
        visited << check->text();
    }
    QVERIFY(child<QComboBox>(*panel, "sweepMode")->hasFocus());
    QStringList runnable;
    for (QCheckBox* check : panel->findChildren<QCheckBox*>())
      if (check->objectName().startsWith(QStringLiteral("variant-")) && check->isEnabled())
        runnable << check->text();
    QVERIFY(!runnable.isEmpty());
    QCOMPARE(visited, runnable);
    // Space on a focused variant toggles it.
    auto* first = child<QCheckBox>(*panel, ("variant-" + runnable.front().toStdString()).c_str());
    first->setFocus();
    QTRY_VERIFY(first->hasFocus());
    const bool was = first->isChecked();
    QTest::keyClick(first, Qt::Key_Space);
    QCOMPARE(first->isChecked(), !was);
  }

  void sizesBecomeTheSweep_data() {
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("sizes");
    QTest::addColumn<int>("mode");
    QTest::addColumn<int>("threads");
    QTest::addColumn<std::vector<Shape3>>("shapes");
    QTest::addColumn<std::vector<std::uint64_t>>("samples");
    QTest::addColumn<std::vector<int>>("threadAxis");
    const int fixed = static_cast<int>(ExperimentPanel::SweepMode::fixedThreads);
    const int oneToN = static_cast<int>(ExperimentPanel::SweepMode::threadsOneToN);
    QTest::newRow("one shape, fixed threads")
        << QStringLiteral("add") << QStringLiteral("3x5x7") << fixed << 4
        << std::vector<Shape3>{{3, 5, 7}} << std::vector<std::uint64_t>{} << std::vector<int>{4};
    QTest::newRow("shape sweep, threads 1..3")
        << QStringLiteral("add") << QStringLiteral("2x2x2, 1024x1024x512") << oneToN << 3
        << std::vector<Shape3>{{2, 2, 2}, {1024, 1024, 512}} << std::vector<std::uint64_t>{}
        << std::vector<int>{1, 2, 3};
    QTest::newRow("sample counts")
        << QStringLiteral("pi") << QStringLiteral("1e4, 3e7,1e9") << fixed << 1
        << std::vector<Shape3>{} << std::vector<std::uint64_t>{10000, 30000000, 1000000000}
        << std::vector<int>{1};
  }
  void sizesBecomeTheSweep() {
    QFETCH(QString, kernel);
    QFETCH(QString, sizes);
    QFETCH(int, mode);
    QFETCH(int, threads);
    QFETCH(std::vector<Shape3>, shapes);
    QFETCH(std::vector<std::uint64_t>, samples);
    QFETCH(std::vector<int>, threadAxis);
    ExperimentPanel panel(registry_, MemoryAvailable{64 * kGiB, {}}, 4);
    child<QComboBox>(panel, "kernel")->setCurrentText(kernel);
    child<QLineEdit>(panel, "sizes")->setText(sizes);
    child<QComboBox>(panel, "sweepMode")->setCurrentIndex(mode);
    child<QSpinBox>(panel, "threads")->setValue(threads);
    child<QSpinBox>(panel, "min_reps")->setValue(7);
    child<QDoubleSpinBox>(panel, "min_time_s")->setValue(0.5);
    const auto experiment = panel.experiment();
    QVERIFY2(experiment, qPrintable(panel.error()));
    QCOMPARE(experiment->sweep.kernel, kernel.toStdString());
    QVERIFY(experiment->sweep.shapes == shapes);
    QVERIFY(experiment->sweep.samples == samples);
    QVERIFY(experiment->sweep.threads == threadAxis);
    QCOMPARE(experiment->measure.minReps, std::size_t{7});
    QCOMPARE(experiment->measure.minTimeS, 0.5);
    QVERIFY(experiment->measure.quality == QualityLimits{});  // nanobench's 5 %, 10x cold
    // Every available variant is checked by default but the opt-in ones (the slow strided loop,
    // the Python ones); unavailable ones never run.
    const KernelInfo& info = registry_.find(kernel.toStdString())->info();
    std::vector<std::string> available;
    for (const auto& v : info.variants)
      if (v.availability.available && !v.optIn) available.push_back(v.name);
    QVERIFY(experiment->sweep.variants == available);
  }

  void badInputIsReported_data() {
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("sizes");
    QTest::newRow("zero extent") << QStringLiteral("add") << QStringLiteral("0x5x5");
    QTest::newRow("overflow") << QStringLiteral("add") << QStringLiteral("1e6x1e6x1e6");
    QTest::newRow("negative samples") << QStringLiteral("pi") << QStringLiteral("-3");
    QTest::newRow("words") << QStringLiteral("pi") << QStringLiteral("many");
    QTest::newRow("empty") << QStringLiteral("add") << QStringLiteral(" , ");
  }
  void badInputIsReported() {
    QFETCH(QString, kernel);
    QFETCH(QString, sizes);
    ExperimentPanel panel(registry_, MemoryAvailable{64 * kGiB, {}}, 2);
    child<QComboBox>(panel, "kernel")->setCurrentText(kernel);
    child<QLineEdit>(panel, "sizes")->setText(sizes);
    QVERIFY(!panel.experiment());
    QVERIFY(!panel.error().isEmpty());
    QCOMPARE(child<QLabel>(panel, "inputError")->text(), panel.error());
  }

  void noVariantIsAnError() {
    ExperimentPanel panel(registry_, MemoryAvailable{64 * kGiB, {}}, 2);
    for (QCheckBox* check : panel.findChildren<QCheckBox*>()) check->setChecked(false);
    QVERIFY(!panel.experiment());
    QVERIFY(panel.error().contains(QStringLiteral("variant")));
  }

  // Distributed variants too: the desktop app never launches mpirun, so their tip says how.
  void unavailableVariantsAreDisabledWithTheirReason() {
    ExperimentPanel panel(registry_, MemoryAvailable{64 * kGiB, {}}, 2);
    for (const auto& variant : registry_.find("add")->info().variants) {
      auto* check = child<QCheckBox>(panel, ("variant-" + variant.name).c_str());
      QCOMPARE(check->isEnabled(), variant.availability.available && !variant.distributed);
      if (!variant.availability.available)
        QVERIFY(check->toolTip().contains(QString::fromStdString(variant.availability.reason)));
      else if (variant.distributed)
        QVERIFY2(check->toolTip().contains(QStringLiteral("mpirun -np N accellab-cli run")),
                 qPrintable(check->toolTip()));
    }
  }

  void warnsBeforeAPointExceedsMemory() {
    ExperimentPanel panel(registry_, MemoryAvailable{1 * kGiB, {}}, 2);
    child<QComboBox>(panel, "kernel")->setCurrentText(QStringLiteral("add"));
    child<QLineEdit>(panel, "sizes")->setText(QStringLiteral("64x64x64"));
    QVERIFY(panel.memoryWarning().isEmpty());
    QVERIFY(
        child<QLabel>(panel, "memoryEstimate")->text().contains(QStringLiteral("GiB available")));
    child<QLineEdit>(panel, "sizes")->setText(QStringLiteral("64x64x64, 1024x1024x512"));
    QVERIFY(!panel.memoryWarning().isEmpty());
    const auto experiment = panel.experiment();
    QVERIFY(experiment);  // still runnable: the runner skips the point with the reason
    // How many: the large size's points, half of the sweep (issue: it named one).
    const std::size_t points = expandSweep(experiment->sweep, registry_).size();
    QVERIFY2(panel.memoryWarning().startsWith(
                 QStringLiteral("Warning: %1 of %2 points will be skipped: the largest ")
                     .arg(points / 2)
                     .arg(points)),
             qPrintable(panel.memoryWarning()));
    // Under the sizes, before the variants: seen without scrolling.
    QWidget* variants = child<QCheckBox>(panel, "variant-loop")->parentWidget();
    const int warning = panel.layout()->indexOf(child<QLabel>(panel, "memoryWarning"));
    QVERIFY(warning >= 0 && warning < panel.layout()->indexOf(variants));
  }

  void presetsGrowWithMemoryAndTheDefaultFits_data() {
    QTest::addColumn<std::uint64_t>("ram");
    QTest::addColumn<QString>("expectedDefault");
    QTest::newRow("64 GiB: the tutorial") << 64 * kGiB << QStringLiteral("1024x1024x512");
    QTest::newRow("2 GiB: the largest that fits") << 2 * kGiB << QStringLiteral("512x512x256");
  }
  void presetsGrowWithMemoryAndTheDefaultFits() {
    QFETCH(std::uint64_t, ram);
    QFETCH(QString, expectedDefault);
    const Kernel& add = *registry_.find("add");
    const MemoryAvailable memory{ram, {}};
    QCOMPARE(defaultSizes(add, DType::f64, memory), expectedDefault);
    const auto presets = presetsFor(add, DType::f64, memory);
    QCOMPARE(presets.size(), std::size_t{5});
    QCOMPARE(presets[0].sizes, QStringLiteral("1024x1024x512"));
    std::uint64_t previous = 0;
    for (std::size_t i = 1; i <= 3; ++i) {  // small, medium, large
      const auto shape = parseShape(presets[i].sizes.toStdString()).value;
      QVERIFY(shape);
      Params params;
      params.shape = *shape;
      const std::uint64_t need = add.memoryNeed(params, "loop").hostBytes;
      QVERIFY(need > previous);
      QVERIFY(need <= ram / 2);
      previous = need;
    }
    const auto pi = presetsFor(*registry_.find("pi"), DType::f64, memory);
    QStringList piSizes;
    for (const auto& preset : pi) piSizes << preset.sizes;
    for (const char* wanted : {"1e4", "3e7", "1e9", "1e10"})
      QVERIFY(piSizes.contains(QLatin1String(wanted)));
  }

  // A list of sizes longer than the field shows from its start, not mid-number at its end.
  void longSizesShowFromTheirStart() {
    ExperimentPanel panel(registry_, MemoryAvailable{64 * kGiB, {}}, 4);
    panel.resize(200, 600);
    const QString sizes = QStringLiteral("16x64x64, 64x128x128, 128x256x256, 256x512x512");
    panel.setExperiment(QStringLiteral("add"), sizes, ExperimentPanel::SweepMode::threadsOneToN, 2,
                        3, 0.05);
    const auto* edit = child<QLineEdit>(panel, "sizes");
    QCOMPARE(edit->text(), sizes);
    QCOMPARE(edit->cursorPosition(), 0);
    child<QComboBox>(panel, "kernel")->setCurrentText(QStringLiteral("pi"));
    child<QComboBox>(panel, "kernel")->setCurrentText(QStringLiteral("add"));
    QCOMPARE(edit->cursorPosition(), 0);
  }

  // The panel adapts to the kernel: "Samples" for a sampling kernel, an element type only
  // where the kernel has one, a memory line true to what the points need.
  void adaptsToTheKernel_data() {
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("sizes");
    QTest::addColumn<QString>("sizesLabel");
    QTest::addColumn<bool>("elementType");
    QTest::addColumn<QString>("estimate");
    // add: in and out, 2^27 doubles each, 2 GiB in all.
    QTest::newRow("add") << QStringLiteral("add") << QStringLiteral("1024x1024x128")
                         << QStringLiteral("&Sizes:") << true
                         << QStringLiteral(
                                "1 point; the largest needs 2.00 GiB of RAM (64.0 "
                                "GiB available).");
    QTest::newRow("pi") << QStringLiteral("pi") << QStringLiteral("1e9")
                        << QStringLiteral("&Samples:") << false
                        << QStringLiteral(
                               "1 point; no large buffers: each needs less than 1.00 "
                               "MiB of memory.");
  }
  void adaptsToTheKernel() {
    QFETCH(QString, kernel);
    QFETCH(QString, sizes);
    QFETCH(QString, sizesLabel);
    QFETCH(bool, elementType);
    QFETCH(QString, estimate);
    ExperimentPanel panel(registry_, MemoryAvailable{64 * kGiB, {}}, 1);
    panel.show();
    child<QComboBox>(panel, "kernel")->setCurrentText(kernel);
    auto* sizesEdit = child<QLineEdit>(panel, "sizes");
    sizesEdit->setText(sizes);
    for (QCheckBox* check : panel.findChildren<QCheckBox*>())
      if (check->objectName() != QStringLiteral("variant-loop")) check->setChecked(false);
    child<QComboBox>(panel, "sweepMode")
        ->setCurrentIndex(static_cast<int>(ExperimentPanel::SweepMode::fixedThreads));
    QVERIFY2(panel.experiment(), qPrintable(panel.error()));
    QLabel* label = nullptr;
    for (QLabel* candidate : panel.findChildren<QLabel*>())
      if (candidate->buddy() == sizesEdit) label = candidate;
    QVERIFY(label);
    QCOMPARE(label->text(), sizesLabel);
    QCOMPARE(child<QComboBox>(panel, "dtype")->isVisible(), elementType);
    QCOMPARE(child<QLabel>(panel, "memoryEstimate")->text(), estimate);
  }

  // More threads than logical cores are allowed, with a warning beside the field.
  void threadsAboveTheCoresAreWarned_data() {
    QTest::addColumn<int>("threads");
    QTest::addColumn<QString>("warning");
    QTest::newRow("as many as cores") << 2 << QString();
    QTest::newRow("fewer") << 1 << QString();
    QTest::newRow("oversubscribed")
        << 8
        << QStringLiteral("8 threads on 2 logical cores: oversubscribed, times will not scale");
  }
  void threadsAboveTheCoresAreWarned() {
    QFETCH(int, threads);
    QFETCH(QString, warning);
    ExperimentPanel panel(registry_, MemoryAvailable{64 * kGiB, {}}, 2);
    panel.show();
    child<QComboBox>(panel, "kernel")->setCurrentText(QStringLiteral("add"));
    child<QLineEdit>(panel, "sizes")->setText(QStringLiteral("16x64x64"));
    child<QSpinBox>(panel, "threads")->setValue(threads);
    QCOMPARE(panel.threadsWarning(), warning);
    QCOMPARE(child<QLabel>(panel, "threadsWarning")->isVisible(), !warning.isEmpty());
    QVERIFY2(panel.experiment(), qPrintable(panel.error()));  // allowed all the same
  }

  // Kernels of the session that this build cannot run (imports) are listed, marked, and
  // block Run with the reason; the kernels of the registry stay.
  void sessionKernelsTheEngineLacksAreNotRunnable() {
    ExperimentPanel panel(registry_, MemoryAvailable{64 * kGiB, {}}, 2);
    QSignalSpy selected(&panel, &ExperimentPanel::kernelSelected);
    auto* box = child<QComboBox>(panel, "kernel");
    const int builtIn = box->count();
    panel.setSessionKernels({QStringLiteral("add"), QStringLiteral("BM_memcpy")});
    QCOMPARE(box->count(), builtIn + 1);
    QCOMPARE(box->itemText(builtIn), QStringLiteral("BM_memcpy (not runnable)"));
    QVERIFY(panel.runBlocker().isEmpty());
    QVERIFY(panel.selectKernel(QStringLiteral("BM_memcpy")));
    QCOMPARE(panel.kernel(), QStringLiteral("BM_memcpy"));
    QCOMPARE(selected.last().at(0).toString(), QStringLiteral("BM_memcpy"));
    QVERIFY(panel.runBlocker().contains(QStringLiteral("BM_memcpy")));
    QVERIFY(!panel.experiment());
    QCOMPARE(panel.error(), panel.runBlocker());
    QVERIFY(!child<QLineEdit>(panel, "sizes")->isEnabled());
    // A new session without it: the entry goes, and a runnable kernel is selected.
    panel.setSessionKernels({});
    QCOMPARE(box->count(), builtIn);
    QVERIFY(panel.runBlocker().isEmpty());
    QVERIFY(panel.experiment());
    QVERIFY(child<QLineEdit>(panel, "sizes")->isEnabled());
  }

  // A kernel sized by its own parameters ("mm": n and block): one field per parameter,
  // holding its default, its description as tooltip, and no sizes or presets; the values
  // reach the sweep as the CLI's --param does; an invalid one blocks Run with the reason.
  void ownParametersBecomeTheSweep() {
    test::FakeScript script;
    const Registry registry = ownParamsRegistry(script);
    ExperimentPanel panel(registry, MemoryAvailable{64 * kGiB, {}}, 2);
    QCOMPARE(panel.kernel(), QStringLiteral("fake"));
    QVERIFY(!panel.findChild<QLineEdit*>(QStringLiteral("param-n")));
    QVERIFY(panel.selectKernel(QStringLiteral("mm")));
    auto* n = child<QLineEdit>(panel, "param-n");
    auto* block = child<QLineEdit>(panel, "param-block");
    QCOMPARE(n->text(), QStringLiteral("64"));
    QCOMPARE(block->text(), QStringLiteral("8"));
    QVERIFY2(n->toolTip().contains(QStringLiteral("matrix order")), qPrintable(n->toolTip()));
    QVERIFY2(n->toolTip().contains(QStringLiteral("4096")), qPrintable(n->toolTip()));
    QVERIFY(child<QLineEdit>(panel, "sizes")->isHidden());
    QVERIFY(child<QComboBox>(panel, "presets")->isHidden());
    QVERIFY2(panel.runBlocker().isEmpty(), qPrintable(panel.runBlocker()));

    n->setText(QStringLiteral("16, 1e3"));
    block->setText(QStringLiteral("4"));
    const auto experiment = panel.experiment();
    QVERIFY2(experiment, qPrintable(panel.error()));
    QVERIFY(experiment->sweep.parameters ==
            (decltype(SweepSpec::parameters){{"block", {4}}, {"n", {16, 1000}}}));
    QVERIFY(experiment->sweep.shapes.empty() && experiment->sweep.samples.empty());
    QCOMPARE(expandSweep(experiment->sweep, registry).front().params.kernelParams,
             (KernelParams{{"block", 4}, {"n", 16}}));

    n->setText(QStringLiteral("16, 5000"));
    QVERIFY(!panel.experiment());
    QCOMPARE(panel.error(), QStringLiteral("mm n=5000 is outside [1, 4096]"));
    QCOMPARE(child<QLabel>(panel, "inputError")->text(), panel.error());
    QCOMPARE(panel.runBlocker(), panel.error());
    block->setText(QStringLiteral("x"));
    n->setText(QStringLiteral("16"));
    QVERIFY(panel.runBlocker().contains(QStringLiteral("'x' is not a count")));

    // Another kernel: its sizes back, the parameter fields gone; back again, what was typed.
    QVERIFY(panel.selectKernel(QStringLiteral("fake")));
    QVERIFY(!child<QLineEdit>(panel, "sizes")->isHidden());
    QVERIFY(!panel.findChild<QLineEdit*>(QStringLiteral("param-n")));
    QVERIFY(panel.selectKernel(QStringLiteral("mm")));
    QCOMPARE(child<QLineEdit>(panel, "param-n")->text(), QStringLiteral("16"));
    QCOMPARE(child<QLineEdit>(panel, "param-block")->text(), QStringLiteral("x"));
  }

  // The settings keep each kernel's parameter values, as they keep its sizes.
  void ownParametersAreRemembered() {
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    test::FakeScript script;
    const Registry registry = ownParamsRegistry(script);
    {
      ExperimentPanel panel(registry, MemoryAvailable{64 * kGiB, {}}, 2);
      QVERIFY(panel.selectKernel(QStringLiteral("mm")));
      child<QLineEdit>(panel, "param-n")->setText(QStringLiteral("32,128"));
      QVERIFY(panel.selectKernel(QStringLiteral("fake")));
      panel.saveSettings(settings);
    }
    ExperimentPanel restored(registry, MemoryAvailable{64 * kGiB, {}}, 2);
    restored.loadSettings(settings);
    QCOMPARE(restored.kernel(), QStringLiteral("fake"));
    QVERIFY(restored.selectKernel(QStringLiteral("mm")));
    QCOMPARE(child<QLineEdit>(restored, "param-n")->text(), QStringLiteral("32,128"));
    QCOMPARE(child<QLineEdit>(restored, "param-block")->text(), QStringLiteral("8"));
    const auto experiment = restored.experiment();
    QVERIFY2(experiment, qPrintable(restored.error()));
    QVERIFY(experiment->sweep.parameters.at("n") == (std::vector<std::uint64_t>{32, 128}));
  }

  void settingsRoundTrip() {
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    {
      ExperimentPanel panel(registry_, MemoryAvailable{64 * kGiB, {}}, 2);
      child<QComboBox>(panel, "kernel")->setCurrentText(QStringLiteral("pi"));
      child<QLineEdit>(panel, "sizes")->setText(QStringLiteral("1e5"));
      child<QCheckBox>(panel, "variant-loop")->setChecked(false);
      child<QSpinBox>(panel, "min_reps")->setValue(9);
      child<QDoubleSpinBox>(panel, "max_relative_spread")->setValue(12.5);
      child<QDoubleSpinBox>(panel, "cold_factor")->setValue(50);
      child<QSpinBox>(panel, "rerun_attempts")->setValue(5);
      QCOMPARE(toString(panel.onCrash()), toString(OnCrash::goOn));
      QCOMPARE(panel.pointTimeoutS(), std::optional<double>());  // automatic
      child<QComboBox>(panel, "onCrash")->setCurrentIndex(1);
      child<QDoubleSpinBox>(panel, "point_timeout_s")->setValue(90);
      panel.saveSettings(settings);
    }
    ExperimentPanel restored(registry_, MemoryAvailable{64 * kGiB, {}}, 2);
    restored.loadSettings(settings);
    const auto experiment = restored.experiment();
    QVERIFY(experiment);
    QCOMPARE(experiment->sweep.kernel, std::string("pi"));
    QVERIFY(experiment->sweep.samples == std::vector<std::uint64_t>{100000});
    QVERIFY(std::find(experiment->sweep.variants.begin(), experiment->sweep.variants.end(),
                      "loop") == experiment->sweep.variants.end());
    QCOMPARE(experiment->measure.minReps, std::size_t{9});
    QCOMPARE(experiment->measure.quality.maxRelativeSpread, 0.125);
    QCOMPARE(experiment->measure.quality.coldFactor, 50.0);
    QCOMPARE(restored.rerunAttempts(), std::size_t{5});
    QCOMPARE(toString(restored.onCrash()), toString(OnCrash::stop));
    QCOMPARE(restored.pointTimeoutS(), std::optional<double>(90));
  }

 private:
  // "fake" sized by shapes, "mm" by its own parameters alone.
  static Registry ownParamsRegistry(test::FakeScript& script) {
    Registry registry;
    registry.add(std::make_unique<test::FakeKernel>(script));
    registry.add(std::make_unique<test::FakeKernel>(script, "mm", ProblemKind::parameters));
    return registry;
  }

  const Engine engine_ = kernels::makeBuiltinEngine();
  const Registry& registry_ = engine_.registry();
};

QTEST_MAIN(TestExperimentPanel)
#include "tst_experimentpanel.moc"
