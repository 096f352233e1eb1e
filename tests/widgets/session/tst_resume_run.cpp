// Resume in the GUI: RunSession::resumeRun continues an interrupted run folder on the worker
// thread through eval --resume's code and ends with the whole folder read back; the results equal
// an uninterrupted run's byte for byte. Runs the committed demo model on a generated dataset.

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QtTest>

#include <filesystem>

#include "pipeline/run_folder.h"
#include "pipeline/run_resume.h"
#include "widgets/demo_pair_fixture.h"
#include "widgets/session/background_pool.h"
#include "widgets/session/run_controller.h"
#include "widgets/session/run_session.h"

using namespace posescope;
using namespace posescope::test;

namespace {

constexpr int kDoneBeforeKill = 2;

QByteArray readAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeAll(const QString& path, const QByteArray& bytes) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
  QCOMPARE(f.write(bytes), qint64(bytes.size()));
}

// What a run killed after `done` images leaves (as tests/cli/tst_cli_resilience sees it): run.json
// still saying running with nobody holding run.lock, the first records whole and the next one torn,
// no results or metrics.
void interruptCopyOf(const QString& finished, const QString& copy, int done) {
  namespace fs = std::filesystem;
  fs::copy(finished.toStdString(), copy.toStdString(), fs::copy_options::recursive);
  for (const char* name : {runfiles::kResults, runfiles::kMetricsJson, runfiles::kMetricsMd,
                           runfiles::kImageEval, runfiles::kAnalysis})
    fs::remove(fs::path(copy.toStdString()) / name);
  const QList<QByteArray> lines = readAll(copy + "/" + runfiles::kRecords).split('\n');
  QVERIFY(lines.size() > done + 1);
  QByteArray kept;
  for (int i = 0; i < done; ++i) kept += lines[i] + '\n';
  kept += lines[done].left(lines[done].size() / 2);  // the record being written when killed
  writeAll(copy + "/" + runfiles::kRecords, kept);
  RunSummary summary = loadRunFolder(finished.toStdString()).summary;
  summary.state = RunState::Running;
  summary.imagesDone = static_cast<size_t>(done);
  writeAll(copy + "/" + runfiles::kSummary, QByteArray::fromStdString(summaryToJsonText(summary)));
}

}  // namespace

class TestResumeRun : public QObject {
  Q_OBJECT
 private:
  DemoPairFixture pair_;
  QString reference_;  // an uninterrupted run of the demo setup

 private Q_SLOTS:
  void initTestCase() {
    pair_.setUp("tst_resume_run");
    RunSession session;
    QSignalSpy preparing(&session, &RunSession::runPreparing);
    QSignalSpy finished(session.controller(), &RunController::finished);
    QSignalSpy failed(session.controller(), &RunController::failed);
    QVERIFY(session.startRun(pair_.demoSetup(false)));
    QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() || !failed.isEmpty(), kPairRunTimeoutMs);
    QVERIFY2(failed.isEmpty(), qPrintable(failed.value(0).value(0).toString()));
    reference_ = preparing.first().first().toString();
    QCOMPARE(stateOf(reference_), std::string("complete"));
  }

  void interruptedRunResumesToTheUninterruptedResults() {
    const QString run = pair_.dir().filePath("interrupted");
    interruptCopyOf(reference_, run, kDoneBeforeKill);
    if (QTest::currentTestFailed()) return;

    RunSession session;
    // Opened, it reads as interrupted with its whole records: what the Results page offers
    // Resume for.
    QSignalSpy opened(&session, &RunSession::runFolderOpened);
    QSignalSpy openFailed(&session, &RunSession::runFolderFailed);
    session.openRunFolder(run);
    QTRY_VERIFY_WITH_TIMEOUT(!opened.isEmpty() || !openFailed.isEmpty(), kPairRunTimeoutMs);
    QVERIFY(openFailed.isEmpty());
    const LoadedRun before = opened.takeFirst().first().value<OpenedRunPtr>()->run;
    QCOMPARE(before.summary.state, RunState::Interrupted);
    QVERIFY(runCanResume(before.summary.state));
    QCOMPARE(before.records.size(), size_t(kDoneBeforeKill));

    QSignalSpy preparing(&session, &RunSession::runPreparing);
    QSignalSpy started(session.controller(), &RunController::started);
    QSignalSpy images(session.controller(), &RunController::imageDone);
    QSignalSpy finished(session.controller(), &RunController::finished);
    QSignalSpy failed(session.controller(), &RunController::failed);
    QSignalSpy startFailed(&session, &RunSession::runStartFailed);
    QVERIFY(session.resumeRun(run));
    QVERIFY(session.isBusy());  // the GUI thread returns at once; the worker thread evaluates
    QVERIFY(!session.resumeRun(run));
    QCOMPARE(preparing.count(), 1);
    QCOMPARE(preparing.first().first().toString(), run);

    QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() || !failed.isEmpty(), kPairRunTimeoutMs);
    QVERIFY2(failed.isEmpty(), qPrintable(failed.value(0).value(0).toString()));
    QVERIFY(startFailed.isEmpty());
    // Progress counts from the images already done; only the others are evaluated.
    QCOMPARE(started.count(), 1);
    QCOMPARE(started.first().first().value<RunSummary>().imagesDone, size_t(kDoneBeforeKill));
    QCOMPARE(images.count(), kPairImages - kDoneBeforeKill);
    QCOMPARE(images.last().value(1).toULongLong(), qulonglong(kPairImages));
    const auto outcome = finished.first().first().value<RunOutcome>();
    QCOMPARE(outcome.summary.state, RunState::Complete);
    QCOMPARE(QString::fromStdString(outcome.runDir), run);

    // Then the whole finished run is shown, read back from its folder.
    QTRY_VERIFY_WITH_TIMEOUT(!opened.isEmpty() || !openFailed.isEmpty(), kPairRunTimeoutMs);
    QVERIFY(openFailed.isEmpty());
    const OpenedRun& after = *opened.first().first().value<OpenedRunPtr>();
    QCOMPARE(after.run.summary.state, RunState::Complete);
    QCOMPARE(after.run.records.size(), size_t(kPairImages));
    QVERIFY2(after.inspect, qPrintable(after.inspectError));
    QVERIFY(after.log.contains("resumed: 2 images already done"));
    QCOMPARE(session.recentFiles().value(0), QDir(run).absolutePath());

    // The same results and metrics as the run that was never interrupted.
    const QByteArray results = readAll(run + "/" + runfiles::kResults);
    QVERIFY(!results.isEmpty());
    QCOMPARE(results, readAll(reference_ + "/" + runfiles::kResults));
    QCOMPARE(readAll(run + "/" + runfiles::kMetricsMd),
             readAll(reference_ + "/" + runfiles::kMetricsMd));
    QVERIFY(!session.isBusy());
  }

  void resumingACompleteRunFailsAndLeavesItAlone() {
    const QByteArray results = readAll(reference_ + "/" + runfiles::kResults);
    RunSession session;
    QSignalSpy failed(session.controller(), &RunController::failed);
    QSignalSpy startFailed(&session, &RunSession::runStartFailed);
    QSignalSpy opened(&session, &RunSession::runFolderOpened);
    QVERIFY(session.resumeRun(reference_));
    QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), kPairRunTimeoutMs);
    const QString message = failed.first().first().toString();
    QVERIFY2(message.contains("complete already") && message.contains(reference_),
             qPrintable(message));
    // About the folder, not the Experiment page's inputs; nothing removed, nothing rewritten.
    QVERIFY(startFailed.isEmpty());
    QCOMPARE(readAll(reference_ + "/" + runfiles::kResults), results);
    QCOMPARE(stateOf(reference_), std::string("complete"));
    // Nor is it opened: a read of the folder, started only when a resumed run finishes, would be
    // on PoseScope's background pool, whose work is done and handed to the GUI thread by now.
    QVERIFY(!session.isBusy());
    QVERIFY(backgroundPool()->waitForDone(kPairRunTimeoutMs));
    QCoreApplication::sendPostedEvents();  // the finished reads reach their watchers
    QVERIFY(opened.isEmpty());
  }
};

QTEST_MAIN(TestResumeRun)
#include "tst_resume_run.moc"
