// RunAnalysisSession: a run's ground truth and results read and analysed off the GUI thread, equal
// to core's analysis of the same files; reanalysed with other settings without reading again;
// stale answers dropped; errors naming the file; RunSession starting it when a run folder is
// opened, with the run its store read (the folder is not read a second time).

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "analysis/analysis_json.h"
#include "analysis/annotation_suspects.h"
#include "pipeline/run_folder.h"
#include "widgets/analysis_run_fixture.h"
#include "widgets/session/run_analysis_session.h"
#include "widgets/session/run_session.h"
#include "widgets/session/run_store.h"

using namespace posescope;

namespace {

constexpr int kTimeoutMs = 60000;

// What `posescope-cli analyze RUN_DIR --json` prints for `dir`, computed here on this thread.
std::string coreAnalysisJson(const QString& dir, const AnalysisParams* params = nullptr) {
  const RunEvaluationInput in = loadRunEvaluationInput(loadRunFolder(dir.toStdString()));
  const AnalysisParams used = params ? *params : analysisParamsFor(in.layout);
  const KeypointAnalysis analysis = analyzeKeypoints(in.groundTruth, in.results, used);
  return formatAnalysisJson(analysis, buildTriage(analysis, in.groundTruth));
}

std::string jsonOf(const RunAnalysis& a) {
  return formatAnalysisJson(a.analysis, a.triage);
}

// Run folder `dir` read here, as the store hands it to the analysis.
LoadedRunPtr readRun(const QString& dir) {
  return std::make_shared<const LoadedRun>(loadRunFolder(dir.toStdString()));
}

RunAnalysisPtr waitForAnalysis(QSignalSpy& ready, QSignalSpy& failed) {
  if (!QTest::qWaitFor([&] { return !ready.isEmpty() || !failed.isEmpty(); }, kTimeoutMs))
    return nullptr;
  if (!failed.isEmpty()) {
    qWarning() << failed.first().value(0).toString();
    return nullptr;
  }
  return ready.first().value(0).value<RunAnalysisPtr>();
}

}  // namespace

class TestRunAnalysisSession : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;
  QString runDir_, annotations_;

 private Q_SLOTS:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("PoseScopeTests");
    QCoreApplication::setApplicationName("tst_run_analysis_session");
    QVERIFY(dir_.isValid());
    annotations_ = dir_.filePath("annotations.json");
    runDir_ = dir_.filePath("run");
    test::writeAnalysisFixtureGroundTruth(annotations_.toStdString());
    test::writeAnalysisFixtureRun(runDir_.toStdString(), annotations_.toStdString());
  }

  void analysisEqualsCoreAnalysis() {
    RunAnalysisSession session;
    QSignalSpy ready(&session, &RunAnalysisSession::analysisReady);
    QSignalSpy failed(&session, &RunAnalysisSession::analysisFailed);
    QSignalSpy busy(&session, &RunAnalysisSession::busyChanged);
    QVERIFY(!session.hasRequestsInFlight());
    session.analyzeRun(readRun(runDir_));
    QVERIFY(session.busy());
    QVERIFY(session.hasRequestsInFlight());
    const RunAnalysisPtr analysis = waitForAnalysis(ready, failed);
    QVERIFY(analysis);
    QVERIFY(!session.busy());
    QTRY_VERIFY_WITH_TIMEOUT(!session.hasRequestsInFlight(), kTimeoutMs);
    QCOMPARE(busy.count(), 2);
    QCOMPARE(session.current(), analysis);
    QVERIFY(analysis->usesDefaultParams());
    QCOMPARE(jsonOf(*analysis), coreAnalysisJson(runDir_));
    QCOMPARE(QString::fromStdString(analysis->input->annotationFile), annotations_);

    // The fixture has one error of each kind where it put it.
    const Triage& t = analysis->triage;
    QCOMPARE(t.swaps.size(), std::size_t(1));
    QCOMPARE(t.swaps.front().imageId, std::int64_t(4));
    QCOMPARE(t.inversions.size(), std::size_t(1));
    QCOMPARE(t.inversions.front().imageId, std::int64_t(3));
    QCOMPARE(t.missedPeople.size(), std::size_t(1));
    QCOMPARE(t.missedPeople.front().imageId, std::int64_t(7));
    QVERIFY(!t.highScoreFalsePositives.empty());
    QCOMPARE(t.highScoreFalsePositives.front().imageId, std::int64_t(6));
    QCOMPARE(analysis->imageTriage(2)->jitters, 1);
    QCOMPARE(analysis->imageTriage(5)->misses, 1);
    QCOMPARE(analysis->imageTriage(6)->backgroundFalsePositives, 1);
    QVERIFY(analysis->imageTriage(99) == nullptr);

    // The per-image index: image 4's two detections in results order.
    const auto& four = analysis->detectionsOf(4);
    QCOMPARE(four.size(), std::size_t(2));
    QCOMPARE(analysis->analysis.detections[four[0]].score, 0.9);
    QCOMPARE(analysis->analysis.detections[four[1]].score, 0.7);
    QVERIFY(analysis->detectionsOf(99).empty());
  }

  void reanalysisWithOtherSigmasReadsNoFile() {
    RunAnalysisSession session;
    QSignalSpy ready(&session, &RunAnalysisSession::analysisReady);
    QSignalSpy failed(&session, &RunAnalysisSession::analysisFailed);
    QVERIFY(!session.reanalyze(AnalysisParams{}));  // nothing read yet
    session.analyzeRun(readRun(runDir_));
    const RunAnalysisPtr first = waitForAnalysis(ready, failed);
    QVERIFY(first);

    // The files are gone: a reanalysis must not need them.
    QTemporaryDir moved;
    const QString copy = moved.filePath("run");
    std::filesystem::copy(runDir_.toStdString(), copy.toStdString());
    std::filesystem::remove_all(runDir_.toStdString());
    AnalysisParams wider = first->params;
    for (double& s : wider.eval.sigmas) s *= 3;
    ready.clear();
    QVERIFY(session.reanalyze(wider));
    const RunAnalysisPtr second = waitForAnalysis(ready, failed);
    std::filesystem::copy(copy.toStdString(), runDir_.toStdString());
    QVERIFY(second);
    QVERIFY(!second->usesDefaultParams());
    QVERIFY(sameAnalysisParams(second->defaultParams, first->params));
    QCOMPARE(second->input, first->input);  // the same reading
    QVERIFY(jsonOf(*second) != jsonOf(*first));
    QCOMPARE(jsonOf(*second), coreAnalysisJson(runDir_, &wider));
    // Wider sigmas forgive the jittered wrist of image 2.
    QCOMPARE(first->imageTriage(2)->jitters, 1);
    QCOMPARE(second->imageTriage(2)->jitters, 0);
  }

  void onlyTheNewestRequestIsAnnounced() {
    RunAnalysisSession session;
    QSignalSpy ready(&session, &RunAnalysisSession::analysisReady);
    QSignalSpy failed(&session, &RunAnalysisSession::analysisFailed);
    session.analyzeRun(readRun(runDir_));
    AnalysisParams last;
    for (int i = 1; i <= 5; ++i) {  // asked for before the folder is even read
      last = analysisParamsFor(EvalVariant::Coco);
      for (double& s : last.eval.sigmas) s *= 1 + i * 0.1;
      QVERIFY(session.reanalyze(last));
    }
    QVERIFY(waitForAnalysis(ready, failed));
    // Every request has been served (the older ones skipped or dropped): nothing older follows.
    QTRY_VERIFY_WITH_TIMEOUT(!session.hasRequestsInFlight(), kTimeoutMs);
    QCOMPARE(ready.count(), 1);
    QVERIFY(sameAnalysisParams(session.current()->params, last));
    QVERIFY(!session.busy());
  }

  void clearDropsTheAnalysisInFlight() {
    RunAnalysisSession session;
    QSignalSpy ready(&session, &RunAnalysisSession::analysisReady);
    QSignalSpy cleared(&session, &RunAnalysisSession::analysisCleared);
    session.analyzeRun(readRun(runDir_));
    session.clear();
    QCOMPARE(cleared.count(), 1);
    QVERIFY(!session.busy());
    QVERIFY(session.runDir().isEmpty());
    // The read and the clearing are served, the analysis skipped or dropped: nothing follows.
    QVERIFY(session.hasRequestsInFlight());
    QTRY_VERIFY_WITH_TIMEOUT(!session.hasRequestsInFlight(), kTimeoutMs);
    QVERIFY(ready.isEmpty());
    QVERIFY(!session.current());
    QVERIFY(!session.reanalyze(AnalysisParams{}));
  }

  void badInputsNameTheFile() {
    RunAnalysisSession session;
    QSignalSpy ready(&session, &RunAnalysisSession::analysisReady);
    QSignalSpy failed(&session, &RunAnalysisSession::analysisFailed);
    // A run whose annotation file is gone names that file and run.json's key. (A folder that is
    // no run is the store's to refuse: tst_run_store.)
    const QString orphan = dir_.filePath("orphan");
    test::writeAnalysisFixtureRun(orphan.toStdString(), dir_.filePath("gone.json").toStdString());
    session.analyzeRun(readRun(orphan));
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, kTimeoutMs);
    QString message = failed.takeFirst().value(0).toString();
    QVERIFY2(message.contains("gone.json") && message.contains("annotationFile"),
             qPrintable(message));
    QVERIFY(!session.current());

    // Settings the analysis refuses name the setting; the inputs read stay for the next try.
    session.analyzeRun(readRun(runDir_));
    QVERIFY(waitForAnalysis(ready, failed));
    const AnalysisParams defaults = session.current()->defaultParams;
    AnalysisParams bad = defaults;
    bad.eval.sigmas[3] = -1;
    QVERIFY(session.reanalyze(bad));
    QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, kTimeoutMs);
    message = failed.takeFirst().value(0).toString();
    QVERIFY2(message.contains("sigma"), qPrintable(message));
    QVERIFY(!session.current());
    ready.clear();
    QVERIFY(session.reanalyze(defaults));
    QVERIFY(waitForAnalysis(ready, failed));
  }

  // The suspected annotation errors are the run's own, not those of the run analysed before.
  void aNewRunForgetsTheSuspectsOfTheOneBefore() {
    const QString fewer = dir_.filePath("one-prediction");
    test::writeAnalysisFixtureRun(fewer.toStdString(), annotations_.toStdString());
    {  // its results: the first prediction alone
      std::ifstream in(std::filesystem::path(runDir_.toStdString()) / runfiles::kResults);
      const nlohmann::json all = nlohmann::json::parse(in);
      std::ofstream(std::filesystem::path(fewer.toStdString()) / runfiles::kResults)
          << nlohmann::json::array({all.at(0)}).dump();
    }
    auto coreSuspects = [](const QString& dir) {
      const RunEvaluationInput in = loadRunEvaluationInput(loadRunFolder(dir.toStdString()));
      return findAnnotationSuspects(in.groundTruth, in.results, in.layout);
    };
    const AnnotationSuspects expected = coreSuspects(fewer);
    QVERIFY(expected.predictions != coreSuspects(runDir_).predictions);

    RunAnalysisSession session;
    QSignalSpy ready(&session, &RunAnalysisSession::analysisReady);
    QSignalSpy failed(&session, &RunAnalysisSession::analysisFailed);
    session.analyzeRun(readRun(runDir_));
    QVERIFY(waitForAnalysis(ready, failed));
    ready.clear();
    session.analyzeRun(readRun(fewer));
    const RunAnalysisPtr analysis = waitForAnalysis(ready, failed);
    QVERIFY(analysis && analysis->suspects);
    QCOMPARE(analysis->suspects->predictions, expected.predictions);
    QCOMPARE(analysis->suspects->counts(), expected.counts());
  }

  void runSessionAnalysesTheRunFolderItOpens() {
    RunSession session;
    RunAnalysisSession* analysis = session.analysis();
    QVERIFY(analysis);
    QSignalSpy ready(analysis, &RunAnalysisSession::analysisReady);
    QSignalSpy failed(analysis, &RunAnalysisSession::analysisFailed);
    session.openRunFolder(runDir_);
    const RunAnalysisPtr opened = waitForAnalysis(ready, failed);
    QVERIFY(opened);
    QCOMPARE(QString::fromStdString(opened->runDir),
             QString::fromStdString(loadRunFolder(runDir_.toStdString()).dir));
    QCOMPARE(jsonOf(*opened), coreAnalysisJson(runDir_));
    QCOMPARE(session.store()->readCount(runDir_), 1);
  }
};

QTEST_GUILESS_MAIN(TestRunAnalysisSession)
#include "tst_run_analysis_session.moc"
