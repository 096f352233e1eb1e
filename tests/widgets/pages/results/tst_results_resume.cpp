// The Results page offers Resume for the run it shows when that run can be continued
// (interrupted, cancelled, failed), never for a complete one or one that is running.

#include <QPushButton>
#include <QSignalSpy>
#include <QtTest>

#include "pipeline/run_folder.h"
#include "widgets/pages/results/results_view.h"

using namespace posescope;

namespace {

LoadedRun runIn(const std::string& dir, RunState state) {
  LoadedRun run;
  run.dir = dir;
  run.summary.state = state;
  run.summary.imagesTotal = 4;
  return run;
}

}  // namespace

class TestResultsResume : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void resumeIsOfferedForRunsThatCanContinue() {
    ResultsView view;
    QPushButton* resume = view.resumeButton();
    QVERIFY(resume->isHidden());  // no run shown yet
    for (RunState state : {RunState::Interrupted, RunState::Cancelled, RunState::Failed}) {
      view.showLoadedRun(runIn("/runs/r1", state));
      QVERIFY2(!resume->isHidden(), runStateName(state).c_str());
    }
    for (RunState state : {RunState::Complete, RunState::Running}) {
      view.showLoadedRun(runIn("/runs/r1", state));
      QVERIFY2(resume->isHidden(), runStateName(state).c_str());
    }
    view.showLoadedRun(runIn("/runs/r1", RunState::Interrupted));
    QVERIFY(view.metricsNote().contains("interrupted"));

    QSignalSpy requested(&view, &ResultsView::resumeRequested);
    resume->click();
    QCOMPARE(requested.count(), 1);
    QCOMPARE(requested.first().first().toString(), QString("/runs/r1"));

    // A run starting hides it; a run of this session cancelled offers it again.
    view.beginRun("/runs/r2");
    QVERIFY(resume->isHidden());
    RunOutcome cancelled;
    cancelled.summary.state = RunState::Cancelled;
    cancelled.runDir = "/runs/r2";
    view.showFinished(cancelled);
    QVERIFY(!resume->isHidden());
    RunOutcome complete = cancelled;
    complete.summary.state = RunState::Complete;
    view.showFinished(complete);
    QVERIFY(resume->isHidden());
  }
};

QTEST_MAIN(TestResultsResume)
#include "tst_results_resume.moc"
