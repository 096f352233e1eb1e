// The Results page offers Resume for the run it shows when that run can be continued
// (interrupted, cancelled, failed), never for a complete one or one that is running; an
// interrupted run folder's images are scored from the records it did, marked partial.

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "pipeline/run_folder.h"
#include "pipeline/run_metrics.h"
#include "report/per_image_table.h"
#include "widgets/analysis_run_fixture.h"
#include "widgets/models/record_table_model.h"
#include "widgets/pages/results/results_view.h"
#include "widgets/session/run_analysis_session.h"
#include "widgets/session/run_document.h"
#include "widgets/session/run_session.h"

using namespace posescope;

namespace {

LoadedRun runIn(const std::string& dir, RunState state) {
  LoadedRun run;
  run.dir = dir;
  run.summary.state = state;
  run.summary.imagesTotal = 4;
  return run;
}

constexpr int kTimeoutMs = 60000;

// The row of image `imageId` in `rows`, or -1.
int rowOfImage(const QAbstractItemModel& rows, std::int64_t imageId) {
  for (int r = 0; r < rows.rowCount(); ++r)
    if (rows.index(r, RecordTableModel::ImageIdColumn).data(Qt::UserRole).toLongLong() == imageId)
      return r;
  return -1;
}

double cell(const QAbstractItemModel& rows, int row, int column) {
  return rows.index(row, column).data(Qt::UserRole).toDouble();
}

// `view` following a session that has opened run folder `dir`.
bool openIn(RunSession& session, ResultsView& view, const QString& dir) {
  view.followDocument(session.document());
  QObject::connect(&view, &ResultsView::evaluationRequested, session.analysis(),
                   &RunAnalysisSession::reevaluate);
  QSignalSpy opened(&session, &RunSession::runFolderOpened);
  session.openRunFolder(dir);
  return opened.wait(kTimeoutMs);
}

QString recordsCaption(const ResultsView& view) {
  const auto* caption = view.findChild<QLabel*>(QStringLiteral("recordsCaption"));
  return caption ? caption->text() : QString();
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

  // Issue 33: an interrupted run (killed mid-run: no image_eval.jsonl) showed no per-image AP,
  // GT people or mean OKS. They come from the scoring its partial metrics already do, equal to
  // a complete run's for those images, and the table's caption says they are partial.
  void anInterruptedRunScoresTheImagesItDid() {
    QStandardPaths::setTestModeEnabled(true);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString annotations = dir.filePath("gt.json");
    test::writeAnalysisFixtureGroundTruth(annotations.toStdString());
    const std::vector<ImageRecord> all = test::analysisFixtureRecords();
    const std::vector<ImageRecord> done(all.begin(), all.begin() + 4);  // images 1 to 4
    RunSummary summary;
    summary.modelName = "pose_mobilenet";
    summary.datasetKind = "coco";
    summary.annotationFile = annotations.toStdString();
    summary.imagesTotal = all.size();
    const QString run = dir.filePath("interrupted");
    {
      RunWriter writer(run.toStdString());
      for (const auto& r : done) writer.appendRecord(r);
      writer.writeSummary(summary);  // "running", nobody holding run.lock: read as interrupted
    }
    QVERIFY(!QFile::exists(run + "/" + runfiles::kImageEval));
    // What a complete run's image_eval.jsonl says of the same images.
    summary.imagesDone = all.size();
    const RunMetrics complete =
        computeRunMetrics(all, summary, true, "fixture", nullptr, [](const std::string&) {});
    const std::vector<PerImageRow> expected =
        perImageRows(all, RunImageEvaluations(all, complete.images, summary.categoryId));

    RunSession session;
    ResultsView view;
    QAbstractItemModelTester tester(view.recordRows(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(openIn(session, view, run));
    QVERIFY(view.metricsNote().contains("Partial"));
    const QAbstractItemModel& rows = *view.recordRows();
    QCOMPARE(rows.rowCount(), 4);
    for (const PerImageRow& want : expected) {
      const int row = rowOfImage(rows, want.imageId);
      if (want.imageId > 4) {
        QCOMPARE(row, -1);  // not done
        continue;
      }
      QVERIFY(row >= 0);
      QVERIFY(want.ap && want.meanOks);
      QCOMPARE(cell(rows, row, RecordTableModel::ApColumn), *want.ap);
      QCOMPARE(cell(rows, row, RecordTableModel::OksColumn), *want.meanOks);
      QCOMPARE(cell(rows, row, RecordTableModel::GroundTruthPeopleColumn),
               double(want.groundTruthPeople));
    }
    // By hand: image 1 is predicted perfectly, image 4 has two people.
    QCOMPARE(cell(rows, rowOfImage(rows, 1), RecordTableModel::ApColumn), 1.0);
    QCOMPARE(cell(rows, rowOfImage(rows, 1), RecordTableModel::OksColumn), 1.0);
    QCOMPARE(cell(rows, rowOfImage(rows, 4), RecordTableModel::GroundTruthPeopleColumn), 2.0);
    QVERIFY2(recordsCaption(view).contains("Partial"), qPrintable(recordsCaption(view)));

    // A complete run folder's images are its own: not marked partial.
    const QString whole = dir.filePath("complete");
    test::writeAnalysisFixtureRun(whole.toStdString(), annotations.toStdString());
    QSignalSpy opened(&session, &RunSession::runFolderOpened);
    session.openRunFolder(whole);
    QVERIFY(opened.wait(kTimeoutMs));
    QCOMPARE(rows.rowCount(), int(all.size()));
    QVERIFY2(!recordsCaption(view).contains("Partial"), qPrintable(recordsCaption(view)));
  }
};

QTEST_MAIN(TestResultsResume)
#include "tst_results_resume.moc"
