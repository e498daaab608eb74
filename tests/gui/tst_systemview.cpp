// SystemView: a run's machine with the conditions of its start as warnings first; two
// runs' machines side by side with the lines that differ marked.
#include <QLabel>
#include <QLineEdit>
#include <QTreeWidget>
#include <QtTest>

#include "sample_session.h"
#include "system/pythondialog.h"
#include "system/systemview.h"
#include "this_vm.h"

// The icons live in the GUI library's resources; Q_INIT_RESOURCE needs the global namespace.
static void initResources() { Q_INIT_RESOURCE(accellab); }

using namespace accellab;
using namespace accellab::gui;

namespace {

QStringList column(const QTreeWidget& tree, int c) {
  QStringList texts;
  for (int i = 0; i < tree.topLevelItemCount(); ++i) texts << tree.topLevelItem(i)->text(c);
  return texts;
}

QString valueOf(const SystemInfo& system, const QString& name) {
  for (const SystemField& field : systemFields(system))
    if (field.name == name) return field.value;
  return QStringLiteral("(no field %1)").arg(name);
}

}  // namespace

class TestSystemView : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { initResources(); }

  void conditionsComeFirstAsWarnings() {
    SystemView view;
    const Run run = test::sampleRun();
    view.setSystem(run.system, run.conditions);
    const auto& tree = *view.findChild<QTreeWidget*>(QStringLiteral("systemTree"));
    QCOMPARE(tree.columnCount(), 2);
    QCOMPARE(tree.topLevelItem(0)->text(0), QStringLiteral("Warning: virtual-machine"));
    QCOMPARE(tree.topLevelItem(0)->text(1), QStringLiteral("running in a virtual machine (KVM)"));
    QVERIFY(!tree.topLevelItem(0)->icon(0).isNull());
    QVERIFY(column(tree, 0).contains(QStringLiteral("CPU")));
    QCOMPARE(tree.topLevelItemCount(), static_cast<int>(systemFields(run.system).size()) + 1);

    view.setSystem(run.system);
    QCOMPARE(tree.topLevelItem(0)->text(0), QStringLiteral("CPU"));
  }

  // On screen: a VM's roofs with their verdicts (its "L3" is memory here), ceilings measured
  // while the machine was busy, and what the runs count.
  void roofsBusyCeilingsAndCountersOnScreen() {
    SystemInfo system = test::thisVm();
    system.ceilingsBusy = "load average 3.10 over the last minute is above the 2 logical cores";
    system.counters = "counted: page-faults, context-switches, cpu-migrations";
    SystemView view;
    view.setSystem(system);
    const auto& tree = *view.findChild<QTreeWidget*>(QStringLiteral("systemTree"));
    const auto shown = [&](const QString& name) {
      const int row = static_cast<int>(column(tree, 0).indexOf(name));
      return row < 0 ? QStringLiteral("(no row %1)").arg(name) : tree.topLevelItem(row)->text(1);
    };
    QVERIFY2(shown(QStringLiteral("Cache roofs"))
                 .contains(QStringLiteral("L3 480 MiB x2 28.4 GB/s (not a level here, not used: "
                                          "not clearly above memory's copy ceiling of 35.2 GB/s)")),
             qPrintable(shown(QStringLiteral("Cache roofs"))));
    QCOMPARE(shown(QStringLiteral("Ceilings measured busy")),
             QString::fromStdString(system.ceilingsBusy));
    QCOMPARE(shown(QStringLiteral("Counters")), QString::fromStdString(system.counters));
  }

  // The Python Interpreter dialog's field has its label as a buddy: Alt+I reaches it, and the
  // label shows no literal "&".
  void thePythonFieldHasItsLabel() {
    PythonDialog dialog({}, {}, {});
    const auto labels = dialog.findChildren<QLabel*>();
    const auto label = std::ranges::find_if(
        labels, [](const QLabel* l) { return l->text() == QStringLiteral("&Interpreter:"); });
    QVERIFY(label != labels.end());
    QVERIFY(qobject_cast<QLineEdit*>((*label)->buddy()) != nullptr);
  }

  // A run launched under MPI: its library, world size and scaling, and every node.
  void mpiLaunchAndEachNode() {
    const Session session =
        readSessionFile(std::filesystem::path(ACCELLAB_TEST_DATA_DIR) / "session-mpi.json");
    const Run& run = session.runs[1];
    SystemView view;
    view.setSystem(run.system, run.conditions, run.mpi);
    const auto& tree = *view.findChild<QTreeWidget*>(QStringLiteral("systemTree"));
    const QStringList names = column(tree, 0);
    const QStringList values = column(tree, 1);
    const auto valueNamed = [&](const QString& name) {
      const auto at = names.indexOf(name);
      return at < 0 ? QStringLiteral("(no field %1)").arg(name) : values[at];
    };
    QVERIFY(valueNamed(QStringLiteral("MPI library")).startsWith(u"Open MPI v4.1.4"));
    QCOMPARE(valueNamed(QStringLiteral("MPI launch")),
             QStringLiteral("4 ranks on 2 nodes, strong scaling (fixed total problem)"));
    QCOMPARE(valueNamed(QStringLiteral("Node 2")),
             QStringLiteral("lab-node-2: AMD EPYC 9B14, 2 logical cores, 7.75 GiB RAM, bandwidth "
                            "ceiling 24.1 GB/s, GPUs: none"));
    QCOMPARE(tree.topLevelItemCount(), static_cast<int>(systemFields(run.system).size() + 5));
    QVERIFY(mpiFields(std::nullopt).empty());
    // Side by side, the scaling differs between the two MPI runs.
    view.setSystems(QStringLiteral("run 1"), session.runs[0], QStringLiteral("run 2"), run);
    QVERIFY(view.differingFields().contains(QStringLiteral("MPI launch")));
  }

  void computeCeilingsOnOneLine() {
    SystemInfo system = test::sampleRun().system;
    system.computeCeilings.clear();
    QCOMPARE(valueOf(system, QStringLiteral("Compute ceilings")), QStringLiteral("not measured"));
    system.computeCeilings = {{DType::f64, "scalar", 1, -1, 4.1e9},
                              {DType::f32, "CUDA", 0, 0, 61.2e12}};
    QCOMPARE(valueOf(system, QStringLiteral("Compute ceilings")),
             QStringLiteral("f64 scalar x1 4.10 GFLOP/s, f32 CUDA GPU 0 61.2 TFLOP/s"));
  }

  void storeCrossoverWithItsTrials() {
    SystemInfo system = test::sampleRun().system;
    QCOMPARE(valueOf(system, QStringLiteral("Stores")), QStringLiteral("not measured"));
    system.streamingFromBytes = std::uint64_t{32} << 20;
    system.streamingMethod = "copies with 2 threads, streaming against cached stores";
    QCOMPARE(valueOf(system, QStringLiteral("Stores")),
             QStringLiteral("streaming from 32.0 MiB touched (copies with 2 threads, streaming "
                            "against cached stores)"));
    QCOMPARE(valueOf(system, QStringLiteral("Splitting")), QStringLiteral("not measured"));
    system.splitFromBytes = std::uint64_t{1} << 20;
    system.splitMethod = "copies, 2 threads against 1";
    QCOMPARE(valueOf(system, QStringLiteral("Splitting")),
             QStringLiteral("2 threads from 1.00 MiB touched (copies, 2 threads against 1)"));
  }

  void twoMachinesSideBySideWithTheirDifferences() {
    SystemView view;
    const Run base = test::sampleRun();  // conditions: a virtual machine
    Run next = test::sampleSecondRun();
    next.system.cpuModel = "Other CPU @ 4.00GHz";
    next.system.gpus.pop_back();  // one GPU: its line is named "GPU", not "GPU 0 (used)"
    next.conditions = {{"governor", "CPU frequency governor is 'powersave'"}};
    view.setSystems(QStringLiteral("base.json #1"), base, QStringLiteral("run 3"), next);
    const auto& tree = *view.findChild<QTreeWidget*>(QStringLiteral("systemTree"));
    QCOMPARE(tree.columnCount(), 3);
    QCOMPARE(tree.headerItem()->text(1), QStringLiteral("base.json #1"));
    QCOMPARE(tree.headerItem()->text(2), QStringLiteral("run 3"));
    const QStringList differing = view.differingFields();
    QVERIFY2(differing.contains(QStringLiteral("CPU")), qPrintable(differing.join(u',')));
    QVERIFY(differing.contains(QStringLiteral("Warning: virtual-machine")));
    QVERIFY(differing.contains(QStringLiteral("Warning: governor")));
    QVERIFY(differing.contains(QStringLiteral("GPU 1")));
    QVERIFY(!differing.contains(QStringLiteral("OS")));
    QVERIFY(!differing.contains(QStringLiteral("Logical cores")));
    const int cpu = static_cast<int>(column(tree, 0).indexOf(QStringLiteral("CPU")));
    QCOMPARE(tree.topLevelItem(cpu)->text(1), QStringLiteral("Example CPU @ 3.00GHz"));
    QCOMPARE(tree.topLevelItem(cpu)->text(2), QStringLiteral("Other CPU @ 4.00GHz"));
    QVERIFY(tree.topLevelItem(cpu)->background(1).style() != Qt::NoBrush);
    const int os = static_cast<int>(column(tree, 0).indexOf(QStringLiteral("OS")));
    QCOMPARE(tree.topLevelItem(os)->background(1).style(), Qt::NoBrush);
  }
};

QTEST_MAIN(TestSystemView)
#include "tst_systemview.moc"
