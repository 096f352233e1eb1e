// Two setups run one after the other (no window): the run queue's order, cancel and failure
// handling, the pair's run folders and checks (same dataset).

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTimer>
#include <QtTest>

#include "widgets/demo_pair_fixture.h"
#include "widgets/session/run_controller.h"
#include "widgets/session/run_pair.h"
#include "widgets/session/run_queue.h"

using namespace posescope;
using namespace posescope::test;

class TestRunPairs : public QObject {
  Q_OBJECT
 private:
  DemoPairFixture pair_;

 private Q_SLOTS:
  void initTestCase() { pair_.setUp("tst_run_pairs"); }

  void pairFoldersAreDistinctAndNamed() {
    RunSetup a = pair_.demoSetup(false), b = pair_.demoSetup(true);
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
    other.checkpoint = pair_.dir().filePath("retrained.pth.tar");
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
    const RunSetup a = pair_.demoSetup(false);
    RunSetup b = pair_.demoSetup(true);
    const QStringList devices{"auto", "cpu"};
    QVERIFY2(checkRunPair(a, b, devices).ok(), qPrintable(checkRunPair(a, b, devices).describe()));

    b.datasetRoot = pair_.otherRoot();
    RunPairCheck check = checkRunPair(a, b, devices);
    QVERIFY(check.a.ok() && check.b.ok() && !check.ok());
    QVERIFY2(check.pairError.contains(pair_.root()) && check.pairError.contains(pair_.otherRoot()),
             qPrintable(check.pairError));
    QVERIFY(check.describe().contains("different datasets"));

    // The same dataset reached through another spelling of its path is the same dataset.
    b.datasetRoot = pair_.root() + "/../" + QFileInfo(pair_.root()).fileName();
    QVERIFY2(checkRunPair(a, b, devices).ok(), qPrintable(checkRunPair(a, b, devices).describe()));
    // So is a copy of it elsewhere (same annotation bytes).
    b.datasetRoot = QString::fromStdString(
        posescope::test::makeSyntheticCoco(pair_.dir().filePath("copy"), kPairImages));
    QVERIFY2(checkRunPair(a, b, devices).ok(), qPrintable(checkRunPair(a, b, devices).describe()));

    b = pair_.demoSetup(true);
    b.configFile = pair_.dir().filePath("missing.yaml");
    check = checkRunPair(a, b, devices);
    QVERIFY(!check.ok());
    QVERIFY2(check.describe().startsWith("B: ") && check.describe().contains("missing.yaml"),
             qPrintable(check.describe()));
  }

  void queueRunsAThenB() {
    RunController controller;
    QStringList events;
    // Listeners of `finished` hear of A's end before the queue starts B (connected here before
    // the queue exists; the queue acts on the next turn of the event loop either way).
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
    const std::vector<QueuedRun> runs =
        queuedRunPair(pair_.demoSetup(false), pair_.demoSetup(true));
    QVERIFY(!queue.start({}));
    QVERIFY(queue.start(runs));
    QVERIFY(queue.isActive());
    QVERIFY(!queue.start(runs));  // one queue at a time
    QTRY_VERIFY_WITH_TIMEOUT(!completed.isEmpty() || !stopped.isEmpty(), kPairRunTimeoutMs);
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
    QCOMPARE(runA.records.size(), size_t(kPairImages));
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
    const std::vector<QueuedRun> runs =
        queuedRunPair(pair_.demoSetup(false), pair_.demoSetup(true));
    QVERIFY(queue.start(runs));
    QTRY_VERIFY_WITH_TIMEOUT(!stopped.isEmpty() || !completed.isEmpty(), kPairRunTimeoutMs);
    QVERIFY(completed.isEmpty());
    QCOMPARE(stopped.first().value(0).toInt(), 0);
    QCOMPARE(stopped.first().value(2).value<RunQueue::StopReason>(),
             RunQueue::StopReason::Cancelled);
    QCOMPARE(starting.count(), 1);
    // Nothing else is started afterwards either: the queue has ended (it starts a run only while
    // active), the turns of the event loop it asked for have come, and the controller is idle.
    QVERIFY(!queue.isActive() && !queue.hasMoreRuns());
    QCoreApplication::sendPostedEvents();
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
    RunSetup b = pair_.demoSetup(true);
    b.checkpoint = repoFile("resources/demo/demo_litepose.pth");  // weights of the other arch
    const std::vector<QueuedRun> runs = queuedRunPair(pair_.demoSetup(false), b);
    QVERIFY(queue.start(runs));
    QTRY_VERIFY_WITH_TIMEOUT(!stopped.isEmpty() || !completed.isEmpty(), kPairRunTimeoutMs);
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
    QVERIFY(queue.start(queuedRunPair(pair_.demoSetup(false), pair_.demoSetup(true))));
    QTRY_VERIFY_WITH_TIMEOUT(!stopped.isEmpty(), kPairRunTimeoutMs);
    QCOMPARE(stopped.first().value(2).value<RunQueue::StopReason>(),
             RunQueue::StopReason::Cancelled);
    // The queue has ended and the turns of the event loop it asked for have come: no run follows.
    QVERIFY(!queue.isActive());
    QCoreApplication::sendPostedEvents();
    QCOMPARE(starting.count(), 0);
    QVERIFY(!controller.isRunning());
  }

  void runFailureOfBKeepsA() {
    // B passes its check, then its checkpoint disappears while A runs: B's run fails.
    const QString vanishing = pair_.dir().filePath("vanishing_tiny.pth");
    QVERIFY(QFile::copy(repoFile("resources/demo/demo_litepose_tiny.pth"), vanishing));
    RunSetup b = pair_.demoSetup(true);
    b.checkpoint = vanishing;
    RunController controller;
    RunQueue queue(&controller);
    connect(&queue, &RunQueue::runStarting, this, [&](int index) {
      if (index == 0) QFile::remove(vanishing);
    });
    QSignalSpy completed(&queue, &RunQueue::allCompleted);
    QSignalSpy stopped(&queue, &RunQueue::stopped);
    const std::vector<QueuedRun> runs = queuedRunPair(pair_.demoSetup(false), b);
    QVERIFY(queue.start(runs));
    QTRY_VERIFY_WITH_TIMEOUT(!stopped.isEmpty() || !completed.isEmpty(), kPairRunTimeoutMs);
    QVERIFY(completed.isEmpty());
    QCOMPARE(stopped.first().value(0).toInt(), 1);
    QCOMPARE(stopped.first().value(2).value<RunQueue::StopReason>(),
             RunQueue::StopReason::RunFailed);
    const QString reason = stopped.first().value(3).toString();
    QVERIFY2(reason.contains("vanishing_tiny.pth"), qPrintable(reason));
    QCOMPARE(queue.completedDirs(), QStringList{QString::fromStdString(runs[0].options.outDir)});
    QCOMPARE(stateOf(queue.completedDirs().first()), std::string("complete"));
  }
};

QTEST_MAIN(TestRunPairs)
#include "tst_run_pairs.moc"
