// RunsModel: the runs of the document with their counts, which runs are shown (the latest
// by default, the user's pick kept), names edited into the document.
#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "document_waits.h"
#include "models/runsmodel.h"
#include "sample_session.h"
#include "session/sessiondocument.h"

using namespace accellab;
using namespace accellab::gui;

class TestRunsModel : public QObject {
  Q_OBJECT

 private slots:
  void init() {
    dir_ = std::make_unique<QTemporaryDir>();
    const QString path = dir_->filePath(QStringLiteral("two-runs.json"));
    writeSessionFile(test::sampleSession(), path.toStdString());
    document_ = std::make_unique<SessionDocument>();
    model_ = std::make_unique<RunsModel>(*document_);
    tester_ = std::make_unique<QAbstractItemModelTester>(
        model_.get(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(!test::openAndWait(*document_, path));
  }
  void cleanup() {
    tester_.reset();
    model_.reset();
    document_.reset();
  }

  void listsTheRunsWithTheirCounts() {
    RunsModel& model = *model_;
    QCOMPARE(model.rowCount(), 2);
    const auto cell = [&model](int row, RunsModel::Column column, int role = Qt::DisplayRole) {
      return model.index(row, column).data(role);
    };
    QCOMPARE(cell(0, RunsModel::idColumn).toInt(), 1);
    QCOMPARE(cell(1, RunsModel::idColumn).toInt(), 3);
    QCOMPARE(cell(1, RunsModel::nameColumn).toString(),
             QStringLiteral("loop again, after closing the browser"));
    QCOMPARE(cell(0, RunsModel::pointsColumn).toInt(), 8);
    QCOMPARE(cell(1, RunsModel::pointsColumn).toInt(), 1);
    QCOMPARE(cell(0, RunsModel::flaggedColumn).toInt(), 3);
    QCOMPARE(cell(0, RunsModel::flaggedColumn, Qt::ToolTipRole).toString(),
             QStringLiteral("1 unstable, 1 cut-short, 1 cold"));
    QVERIFY(cell(0, RunsModel::flaggedColumn, Qt::ForegroundRole).isValid());
    QCOMPARE(cell(1, RunsModel::flaggedColumn).toInt(), 0);
    QVERIFY(!cell(1, RunsModel::flaggedColumn, Qt::ForegroundRole).isValid());
    // The run's conditions in the tooltip of its name.
    QVERIFY(cell(0, RunsModel::nameColumn, Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("running in a virtual machine (KVM)")));
  }

  void showsTheLatestRunUnlessRunsWerePicked() {
    RunsModel& model = *model_;
    QSignalSpy shownChanged(&model, &RunsModel::shownRunsChanged);
    const auto checked = [&model](int row) {
      return model.index(row, RunsModel::idColumn).data(Qt::CheckStateRole).toInt() == Qt::Checked;
    };
    QCOMPARE(model.shownRuns(), std::vector<int>{3});
    QVERIFY(!checked(0));
    QVERIFY(checked(1));

    // Following the latest: a new run takes its place.
    QCOMPARE(document_->beginRun(Run{}), 4);
    QCOMPARE(model.shownRuns(), std::vector<int>{4});
    QCOMPARE(shownChanged.count(), 1);

    // Runs picked by the user stay shown; a new run joins them.
    QVERIFY(model.setData(model.index(0, RunsModel::idColumn), Qt::Checked, Qt::CheckStateRole));
    QCOMPARE(model.shownRuns(), (std::vector<int>{1, 4}));
    QCOMPARE(document_->beginRun(Run{}), 5);
    QCOMPARE(model.shownRuns(), (std::vector<int>{1, 4, 5}));

    // At least one run stays shown.
    for (int row : {0, 2})
      QVERIFY(
          model.setData(model.index(row, RunsModel::idColumn), Qt::Unchecked, Qt::CheckStateRole));
    QCOMPARE(model.shownRuns(), std::vector<int>{5});
    QVERIFY(!model.setData(model.index(3, RunsModel::idColumn), Qt::Unchecked, Qt::CheckStateRole));
    QCOMPARE(model.shownRuns(), std::vector<int>{5});

    // Deleting the shown run shows the latest left.
    document_->removeRun(5);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.shownRuns(), std::vector<int>{4});
    model.setShownRuns({1, 3, 42});
    QCOMPARE(model.shownRuns(), (std::vector<int>{1, 3}));

    // Another session: its latest run.
    document_->reset();
    QCOMPARE(model.rowCount(), 0);
    QVERIFY(model.shownRuns().empty());
  }

  void renamingARunRenamesItInTheDocument() {
    RunsModel& model = *model_;
    const QModelIndex name = model.index(0, RunsModel::nameColumn);
    QVERIFY(model.flags(name) & Qt::ItemIsEditable);
    QVERIFY(!(model.flags(model.index(0, RunsModel::pointsColumn)) & Qt::ItemIsEditable));
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QVERIFY(model.setData(name, QStringLiteral("  before the update ")));
    QCOMPARE(document_->session().runs[0].name, std::string("before the update"));
    QVERIFY(document_->isModified());
    QCOMPARE(name.data().toString(), QStringLiteral("before the update"));
    QCOMPARE(changed.count(), 1);
    QVERIFY(!model.setData(name, QStringLiteral("   ")));
    QCOMPARE(document_->session().runs[0].name, std::string("before the update"));
  }

 private:
  std::unique_ptr<QTemporaryDir> dir_;
  std::unique_ptr<SessionDocument> document_;
  std::unique_ptr<RunsModel> model_;
  std::unique_ptr<QAbstractItemModelTester> tester_;
};

QTEST_MAIN(TestRunsModel)
#include "tst_runsmodel.moc"
