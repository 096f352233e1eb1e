// Two setups run one after the other and compared: the run queue's order, cancel and failure
// handling, the pair's checks (same dataset), the dialog's gating, and the window's flow from
// the dialog to the Compare page. Runs the committed demo model and its tiny sibling on a
// dataset the test generates (fast: 128 px input, a few images).

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include "compare_run_dialog.h"
#include "compare_view.h"
#include "main_window.h"
#include "pipeline/run_folder.h"
#include "report/run_comparison.h"
#include "results_view.h"
#include "run_controller.h"
#include "run_pair.h"
#include "run_progress_view.h"
#include "run_queue.h"
#include "run_setup_view.h"
#include "synthetic_fixture.h"
#include "test_support.h"

using namespace posescope;

namespace {

constexpr int kImages = 6;
constexpr int kRunTimeoutMs = 180000;

QString repoFile(const QString& relative) {
  return QString::fromStdString(posescope::test::sourceDir()) + "/" + relative;
}

// The run folder's state ("complete", "cancelled", ...), or why it cannot be read.
std::string stateOf(const QString& runDir) {
  try {
    return loadRunFolder(runDir.toStdString()).summary.state;
  } catch (const std::exception& e) {
    return e.what();
  }
}

}  // namespace

class TestCompareRuns : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;
  QString root_, otherRoot_;
  int outputs_ = 0;

  // The demo model (A) or its tiny sibling (B) on the generated dataset, into a fresh folder.
  RunSetup demoSetup(bool tiny) {
    RunSetup s;
    s.configFile = repoFile("configs/demo/demo.yaml");
    s.archFile =
        repoFile(tiny ? "configs/demo/demo-arch-tiny.json" : "configs/demo/demo-arch.json");
    s.checkpoint = repoFile(tiny ? "resources/demo/demo_litepose_tiny.pth"
                                 : "resources/demo/demo_litepose.pth");
    s.datasetRoot = root_;
    s.overrides = QStringList{"TEST.FLIP_TEST", "False"};
    s.device = "cpu";
    s.outputDir = dir_.filePath(QStringLiteral("runs%1").arg(++outputs_));
    return s;
  }

 private Q_SLOTS:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("PoseScopeTests");
    QCoreApplication::setApplicationName("tst_compare_runs");
    QSettings().clear();
    QVERIFY(dir_.isValid());
    root_ = QString::fromStdString(posescope::test::makeSyntheticCoco(dir_.path(), kImages));
    // Another dataset: one image fewer, so its annotation file differs.
    otherRoot_ = QString::fromStdString(
        posescope::test::makeSyntheticCoco(dir_.filePath("other"), kImages - 1));
  }

  void pairFoldersAreDistinctAndNamed() {
    RunSetup a = demoSetup(false), b = demoSetup(true);
    b.outputDir = a.outputDir;  // same folder, same second: the names must still differ
    const QDateTime now(QDate(2026, 11, 30), QTime(9, 15, 0));
    const std::vector<QueuedRun> runs = queuedRunPair(a, b, now);
    QCOMPARE(runs.size(), size_t(2));
    QCOMPARE(runs[0].label, QString("A: demo-arch"));
    QCOMPARE(runs[1].label, QString("B: demo-arch-tiny"));
    QCOMPARE(QString::fromStdString(runs[0].options.outDir),
             QDir(a.outputDir).filePath("demo_20261130-091500_A-demo-arch"));
    QCOMPARE(QString::fromStdString(runs[1].options.outDir),
             QDir(a.outputDir).filePath("demo_20261130-091500_B-demo-arch-tiny"));
    // One arch, two checkpoints: the checkpoints name the runs.
    RunSetup other = a;
    other.checkpoint = dir_.filePath("retrained.pth.tar");
    const std::vector<QueuedRun> checkpoints = queuedRunPair(a, other, now);
    QCOMPARE(checkpoints[0].label, QString("A: demo_litepose"));
    QCOMPARE(checkpoints[1].label, QString("B: retrained"));
    QVERIFY(checkpoints[1].options.outDir.find("_B-retrained") != std::string::npos);
    // The same arch twice (e.g. flip on and off): tags alone would collide.
    const std::vector<QueuedRun> same = queuedRunPair(a, a, now);
    QVERIFY(same[0].options.outDir != same[1].options.outDir);
    QCOMPARE(QString::fromStdString(runs[1].spec.archFile), b.archFile);
  }

  void pairChecksNeedTheSameDataset() {
    const RunSetup a = demoSetup(false);
    RunSetup b = demoSetup(true);
    const QStringList devices{"auto", "cpu"};
    QVERIFY2(checkRunPair(a, b, devices).ok(), qPrintable(checkRunPair(a, b, devices).describe()));

    b.datasetRoot = otherRoot_;
    RunPairCheck check = checkRunPair(a, b, devices);
    QVERIFY(check.a.ok() && check.b.ok() && !check.ok());
    QVERIFY2(check.pairError.contains(root_) && check.pairError.contains(otherRoot_),
             qPrintable(check.pairError));
    QVERIFY(check.describe().contains("different datasets"));

    // The same dataset reached through another spelling of its path is the same dataset.
    b.datasetRoot = root_ + "/../" + QFileInfo(root_).fileName();
    QVERIFY2(checkRunPair(a, b, devices).ok(), qPrintable(checkRunPair(a, b, devices).describe()));
    // So is a copy of it elsewhere (same annotation bytes).
    b.datasetRoot =
        QString::fromStdString(posescope::test::makeSyntheticCoco(dir_.filePath("copy"), kImages));
    QVERIFY2(checkRunPair(a, b, devices).ok(), qPrintable(checkRunPair(a, b, devices).describe()));

    b = demoSetup(true);
    b.configFile = dir_.filePath("missing.yaml");
    check = checkRunPair(a, b, devices);
    QVERIFY(!check.ok());
    QVERIFY2(check.describe().startsWith("B: ") && check.describe().contains("missing.yaml"),
             qPrintable(check.describe()));
  }

  void queueRunsAThenB() {
    RunController controller;
    QStringList events;
    // Connected before the queue exists, as MainWindow does: listeners of `finished` hear of A's
    // end before the queue starts B.
    connect(&controller, &RunController::finished, this, [&](const RunOutcome& outcome) {
      events << QStringLiteral("finished %1")
                    .arg(QFileInfo(QString::fromStdString(outcome.runDir)).fileName());
    });
    RunQueue queue(&controller);
    QStringList stateOfAWhenBStarts;
    connect(&queue, &RunQueue::runStarting, this,
            [&](int index, int count, const QString& label, const QString&) {
              events << QStringLiteral("start %1/%2 %3").arg(index).arg(count).arg(label);
              if (index == 1) {
                QVERIFY(!controller.isRunning());
                stateOfAWhenBStarts
                    << QString::fromStdString(stateOf(queue.completedDirs().value(0)));
              }
            });
    QSignalSpy completed(&queue, &RunQueue::allCompleted);
    QSignalSpy stopped(&queue, &RunQueue::stopped);
    const std::vector<QueuedRun> runs = queuedRunPair(demoSetup(false), demoSetup(true));
    QVERIFY(!queue.start({}));
    QVERIFY(queue.start(runs));
    QVERIFY(queue.isActive());
    QVERIFY(!queue.start(runs));  // one queue at a time
    QTRY_VERIFY_WITH_TIMEOUT(!completed.isEmpty() || !stopped.isEmpty(), kRunTimeoutMs);
    QVERIFY2(stopped.isEmpty(), qPrintable(stopped.value(0).value(3).toString()));
    QVERIFY(!queue.isActive());
    const QStringList dirs = completed.first().first().toStringList();
    QCOMPARE(dirs.size(), 2);
    QCOMPARE(dirs[0], QString::fromStdString(runs[0].options.outDir));
    QCOMPARE(dirs[1], QString::fromStdString(runs[1].options.outDir));
    // B starts only after A has finished.
    const QStringList expected{
        "start 0/2 A: demo-arch", "finished " + QFileInfo(dirs[0]).fileName(),
        "start 1/2 B: demo-arch-tiny", "finished " + QFileInfo(dirs[1]).fileName()};
    QCOMPARE(events, expected);
    QCOMPARE(stateOfAWhenBStarts, QStringList{"complete"});
    for (const QString& d : dirs) QCOMPARE(stateOf(d), std::string("complete"));
    const LoadedRun runA = loadRunFolder(dirs[0].toStdString());
    const LoadedRun runB = loadRunFolder(dirs[1].toStdString());
    QCOMPARE(runA.records.size(), size_t(kImages));
    QVERIFY(runA.metrics && runB.metrics);
    QVERIFY(runA.summary.archName != runB.summary.archName);
  }

  void cancelDuringAStartsNoB() {
    RunController controller;
    RunQueue queue(&controller);
    // Cancelled as A starts: deterministic however fast the worker is (a cancel from a later
    // imageDone could arrive after A's last image on a busy machine).
    connect(&queue, &RunQueue::runStarting, this, [&](int index) {
      if (index == 0) QTimer::singleShot(0, this, [&] { queue.cancel(); });
    });
    QSignalSpy starting(&queue, &RunQueue::runStarting);
    QSignalSpy completed(&queue, &RunQueue::allCompleted);
    QSignalSpy stopped(&queue, &RunQueue::stopped);
    const std::vector<QueuedRun> runs = queuedRunPair(demoSetup(false), demoSetup(true));
    QVERIFY(queue.start(runs));
    QTRY_VERIFY_WITH_TIMEOUT(!stopped.isEmpty() || !completed.isEmpty(), kRunTimeoutMs);
    QVERIFY(completed.isEmpty());
    QCOMPARE(stopped.first().value(0).toInt(), 0);
    QCOMPARE(stopped.first().value(2).value<RunQueue::StopReason>(),
             RunQueue::StopReason::Cancelled);
    QCOMPARE(starting.count(), 1);
    QTest::qWait(200);  // nothing else is started afterwards either
    QVERIFY(!controller.isRunning());
    QCOMPARE(starting.count(), 1);
    QCOMPARE(stateOf(QString::fromStdString(runs[0].options.outDir)), std::string("cancelled"));
    QVERIFY(!QFileInfo::exists(QString::fromStdString(runs[1].options.outDir)));
  }

  void wrongCheckpointForBStopsBeforeA() {
    RunController controller;
    RunQueue queue(&controller);
    QSignalSpy checking(&queue, &RunQueue::checking);
    QSignalSpy starting(&queue, &RunQueue::runStarting);
    QSignalSpy completed(&queue, &RunQueue::allCompleted);
    QSignalSpy stopped(&queue, &RunQueue::stopped);
    RunSetup b = demoSetup(true);
    b.checkpoint = repoFile("resources/demo/demo_litepose.pth");  // weights of the other arch
    const std::vector<QueuedRun> runs = queuedRunPair(demoSetup(false), b);
    QVERIFY(queue.start(runs));
    QTRY_VERIFY_WITH_TIMEOUT(!stopped.isEmpty() || !completed.isEmpty(), kRunTimeoutMs);
    QVERIFY(completed.isEmpty());
    QCOMPARE(checking.count(), 1);
    QCOMPARE(checking.first().value(0).toInt(), 1);
    QCOMPARE(stopped.first().value(0).toInt(), 1);
    QCOMPARE(stopped.first().value(1).toString(), QString("B: demo-arch-tiny"));
    QCOMPARE(stopped.first().value(2).value<RunQueue::StopReason>(),
             RunQueue::StopReason::CheckFailed);
    const QString reason = stopped.first().value(3).toString();
    QVERIFY2(reason.contains("checkpoint") && reason.contains("demo_litepose.pth"),
             qPrintable(reason));
    // Found before A ran: nothing started, nothing written.
    QCOMPARE(starting.count(), 0);
    for (const QueuedRun& run : runs)
      QVERIFY(!QFileInfo::exists(QString::fromStdString(run.options.outDir)));
  }

  void cancelWhileCheckingStartsNothing() {
    RunController controller;
    RunQueue queue(&controller);
    connect(&queue, &RunQueue::checking, this, [&] { queue.cancel(); });
    QSignalSpy starting(&queue, &RunQueue::runStarting);
    QSignalSpy stopped(&queue, &RunQueue::stopped);
    QVERIFY(queue.start(queuedRunPair(demoSetup(false), demoSetup(true))));
    QTRY_VERIFY_WITH_TIMEOUT(!stopped.isEmpty(), kRunTimeoutMs);
    QCOMPARE(stopped.first().value(2).value<RunQueue::StopReason>(),
             RunQueue::StopReason::Cancelled);
    QTest::qWait(100);
    QCOMPARE(starting.count(), 0);
    QVERIFY(!controller.isRunning());
  }

  void runFailureOfBKeepsA() {
    // B passes its check, then its checkpoint disappears while A runs: B's run fails.
    const QString vanishing = dir_.filePath("vanishing_tiny.pth");
    QVERIFY(QFile::copy(repoFile("resources/demo/demo_litepose_tiny.pth"), vanishing));
    RunSetup b = demoSetup(true);
    b.checkpoint = vanishing;
    RunController controller;
    RunQueue queue(&controller);
    connect(&queue, &RunQueue::runStarting, this, [&](int index) {
      if (index == 0) QFile::remove(vanishing);
    });
    QSignalSpy completed(&queue, &RunQueue::allCompleted);
    QSignalSpy stopped(&queue, &RunQueue::stopped);
    const std::vector<QueuedRun> runs = queuedRunPair(demoSetup(false), b);
    QVERIFY(queue.start(runs));
    QTRY_VERIFY_WITH_TIMEOUT(!stopped.isEmpty() || !completed.isEmpty(), kRunTimeoutMs);
    QVERIFY(completed.isEmpty());
    QCOMPARE(stopped.first().value(0).toInt(), 1);
    QCOMPARE(stopped.first().value(2).value<RunQueue::StopReason>(),
             RunQueue::StopReason::RunFailed);
    const QString reason = stopped.first().value(3).toString();
    QVERIFY2(reason.contains("vanishing_tiny.pth"), qPrintable(reason));
    QCOMPARE(queue.completedDirs(), QStringList{QString::fromStdString(runs[0].options.outDir)});
    QCOMPARE(stateOf(queue.completedDirs().first()), std::string("complete"));
  }

  void dialogRunsOnlyComparablePairs() {
    CompareRunDialog dialog;
    dialog.setSetups(demoSetup(false), demoSetup(true));
    QVERIFY2(dialog.runButton()->isEnabled(), qPrintable(dialog.check().describe()));
    QVERIFY(dialog.pairErrorText().isEmpty());

    dialog.setupView(CompareRunDialog::B)->setDatasetRoot(otherRoot_);
    QVERIFY(!dialog.runButton()->isEnabled());
    QVERIFY(dialog.pairErrorText().contains("different datasets"));

    dialog.setupView(CompareRunDialog::B)->setConfigFile(dir_.filePath("missing.yaml"));
    QVERIFY(!dialog.runButton()->isEnabled());
    QVERIFY(dialog.pairErrorText().isEmpty());  // B's own error is shown on B's field instead
    QVERIFY(!dialog.setupView(CompareRunDialog::B)->fieldError(SetupField::Config).isEmpty());

    dialog.copyAToB();
    QCOMPARE(dialog.setup(CompareRunDialog::B).archFile,
             dialog.setup(CompareRunDialog::A).archFile);
    QCOMPARE(dialog.setup(CompareRunDialog::B).datasetRoot, root_);
    QVERIFY(dialog.runButton()->isEnabled());
    QVERIFY(dialog.setupView(CompareRunDialog::A)->runButton()->isHidden());
  }

  void windowRunsThePairAndOpensCompare() {
    MainWindow window;
    const RunSetup a = demoSetup(false);
    window.runSetupView()->setSetup(a);
    CompareRunDialog* dialog = window.showRunPairDialog();
    QVERIFY(dialog);
    // A comes from the Experiment page; B (no earlier pair saved) starts as a copy of it.
    QCOMPARE(dialog->setup(CompareRunDialog::A).archFile, a.archFile);
    QCOMPARE(dialog->setup(CompareRunDialog::B).archFile, a.archFile);
    RunSetupView* b = dialog->setupView(CompareRunDialog::B);
    b->setArchFile(repoFile("configs/demo/demo-arch-tiny.json"));
    b->setCheckpoint(repoFile("resources/demo/demo_litepose_tiny.pth"));
    QVERIFY2(dialog->runButton()->isEnabled(), qPrintable(dialog->check().describe()));

    QSignalSpy compared(window.compareView(), &CompareView::comparisonChanged);
    QSignalSpy stopped(window.runQueue(), &RunQueue::stopped);
    QSignalSpy starting(window.runQueue(), &RunQueue::runStarting);
    // Once B has started, the pages show B (not A's finished outcome arriving late).
    QString notesWhileBRuns;
    QStringList runPageContexts;  // as each run starts (the window's own slot ran first)
    connect(window.runQueue(), &RunQueue::runStarting, this, [&](int index) {
      runPageContexts << window.runView()->folderText();
      if (index == 1)
        QTimer::singleShot(0, this, [&] { notesWhileBRuns = window.resultsView()->metricsNote(); });
    });
    const RunSetup bSetup = dialog->setup(CompareRunDialog::B);
    dialog->runButton()->click();  // starts the pair and closes (deletes) the dialog
    QVERIFY(window.runQueue()->isActive());
    QCOMPARE(window.pages()->currentIndex(), int(MainWindow::RunPage));
    // B is checked first (network, checkpoint, dataset) so a bad B shows before A runs.
    QVERIFY2(window.runView()->folderText().startsWith(
                 "Comparison: checking run 2 of 2 (B: demo-arch-tiny)"),
             qPrintable(window.runView()->folderText()));
    QString error;
    QVERIFY(!window.startRunPair(a, bSetup, &error));  // one at a time
    QVERIFY2(error.contains("in progress"), qPrintable(error));
    QVERIFY(!window.startRun());
    QVERIFY(!window.compareView()->findChild<QPushButton*>("runPairButton")->isEnabled());
    // A second dialog refused meanwhile stays open with its fields and says why.
    CompareRunDialog* busy = window.showRunPairDialog();
    busy->runButton()->click();
    QVERIFY(busy->isVisible());
    QVERIFY2(busy->pairErrorText().contains("in progress"), qPrintable(busy->pairErrorText()));
    busy->reject();

    QTRY_VERIFY_WITH_TIMEOUT(!compared.isEmpty() || !stopped.isEmpty(), kRunTimeoutMs);
    QVERIFY2(stopped.isEmpty(), qPrintable(stopped.value(0).value(3).toString()));
    QCOMPARE(starting.count(), 2);
    QCOMPARE(runPageContexts.size(), 2);
    QVERIFY2(runPageContexts[0].startsWith("Comparison run 1 of 2 (A: demo-arch)"),
             qPrintable(runPageContexts[0]));
    QVERIFY2(runPageContexts[1].startsWith("Comparison run 2 of 2 (B: demo-arch-tiny)"),
             qPrintable(runPageContexts[1]));
    QVERIFY2(notesWhileBRuns.contains("appear when the run completes"),
             qPrintable(notesWhileBRuns));
    QCOMPARE(window.pages()->currentIndex(), int(MainWindow::ComparePage));
    const RunComparison* comparison = window.compareView()->comparison();
    QVERIFY(comparison);
    QCOMPARE(comparison->a.label, std::string("demo-arch"));
    QCOMPARE(comparison->b.label, std::string("demo-arch-tiny"));
    QCOMPARE(comparison->images.size(), size_t(kImages));
    // The metrics shown are those the two run folders hold.
    const QStringList dirs = window.runQueue()->completedDirs();
    const LoadedRun runA = loadRunFolder(dirs[0].toStdString());
    const LoadedRun runB = loadRunFolder(dirs[1].toStdString());
    QVERIFY(comparison->metrics && runA.metrics && runB.metrics);
    // While B ran, the Run page kept A's AP in sight.
    const QString doneA =
        QString("done: A: demo-arch AP %1").arg(runA.metrics->values[0], 0, 'f', 3);
    QVERIFY2(runPageContexts[1].contains(doneA), qPrintable(runPageContexts[1]));
    QCOMPARE(comparison->metrics->a, runA.metrics->values);
    QCOMPARE(comparison->metrics->b, runB.metrics->values);
    QCOMPARE(QDir(QString::fromStdString(comparison->a.dir)).canonicalPath(),
             QDir(dirs[0]).canonicalPath());

    // A new window with nothing set up offers the last pair's A and B.
    {
      MainWindow fresh;
      CompareRunDialog* restored = fresh.showRunPairDialog();
      QCOMPARE(restored->setup(CompareRunDialog::A).archFile, a.archFile);
      QCOMPARE(restored->setup(CompareRunDialog::B).archFile,
               repoFile("configs/demo/demo-arch-tiny.json"));
      QVERIFY(restored->runButton()->isEnabled());
      restored->reject();
    }
    // The next dialog offers the last pair's B.
    CompareRunDialog* again = window.showRunPairDialog();
    QCOMPARE(again->setup(CompareRunDialog::B).archFile,
             repoFile("configs/demo/demo-arch-tiny.json"));
    again->reject();
  }

  void windowShowsWhyBCannotRun() {
    MainWindow window;
    RunSetup b = demoSetup(true);
    b.checkpoint = repoFile("resources/demo/demo_litepose.pth");  // weights of the other arch
    QString error;
    QVERIFY2(window.startRunPair(demoSetup(false), b, &error), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(!window.runQueue()->isActive(), kRunTimeoutMs);
    const QString shown = window.runView()->errorText();
    QVERIFY2(shown.startsWith("B: demo-arch-tiny cannot run, so no run was started.") &&
                 shown.contains("demo_litepose.pth"),
             qPrintable(shown));
    QCOMPARE(window.pages()->currentIndex(), int(MainWindow::RunPage));
    QVERIFY(!window.controller()->isRunning());
  }

  void windowCancelWhileCheckingEndsTheBusyState() {
    MainWindow window;
    connect(window.runQueue(), &RunQueue::checking, this,
            [&] { QTimer::singleShot(0, &window, [&] { window.cancelRun(); }); });
    QSignalSpy starting(window.runQueue(), &RunQueue::runStarting);
    QString error;
    QVERIFY2(window.startRunPair(demoSetup(false), demoSetup(true), &error), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(!window.runQueue()->isActive(), kRunTimeoutMs);
    QCOMPARE(starting.count(), 0);
    QVERIFY2(window.runView()->stateText().contains("cancelled while checking B: demo-arch-tiny"),
             qPrintable(window.runView()->stateText()));
    QVERIFY(window.runView()->progressBar()->maximum() > 0);  // not busy any more
    QVERIFY(!window.runView()->cancelButton()->isEnabled());
    QVERIFY(!window.controller()->isRunning());
  }

  void windowRefusesInvalidPairs() {
    MainWindow window;
    RunSetup b = demoSetup(true);
    b.datasetRoot = otherRoot_;
    QString error;
    QVERIFY(!window.startRunPair(demoSetup(false), b, &error));
    QVERIFY2(error.contains("different datasets"), qPrintable(error));
    QVERIFY(!window.runQueue()->isActive());
    QVERIFY(!window.controller()->isRunning());
  }
};

QTEST_MAIN(TestCompareRuns)
#include "tst_compare_runs.moc"
