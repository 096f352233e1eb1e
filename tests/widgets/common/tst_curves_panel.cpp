// The curves panel of the Results and Compare pages on the analysis fixture's run folder: the
// matching it measures off the GUI thread is matchAccuracy's with each run's own settings, of one
// run or of A and B; the inputs it read are kept for the next threshold; and only the latest
// request is drawn (an answer to an earlier one, or to runs no longer shown, is dropped).

#include <QCoreApplication>
#include <QDir>
#include <QLabel>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QtTest>

#include "analysis/match_accuracy.h"
#include "analysis/match_accuracy_json.h"
#include "eval/keypoint_layout.h"
#include "report/run_ground_truth.h"
#include "widgets/analysis_run_fixture.h"
#include "widgets/common/curves_panel.h"
#include "widgets/common/joint_pck_chart.h"
#include "widgets/common/oks_histogram_chart.h"
#include "widgets/common/qcp.h"
#include "widgets/session/background_pool.h"

using namespace posescope;

namespace {

constexpr int kTimeoutMs = 60000;

// matchAccuracy of `input` at `oks` with `params` (valid.py's when not given).
MatchAccuracy expectedAccuracy(const RunEvaluationInput& input, double oks,
                               std::optional<EvalParams> params = std::nullopt) {
  AccuracySettings settings;
  settings.oksThreshold = oks;
  return matchAccuracy(input.groundTruth, input.results,
                       params ? *params : evalParamsFor(input.layout), settings);
}

// Every background job has ended and handed back its answer (or had it dropped).
void finishBackgroundJobs() {
  backgroundPool()->waitForDone();
  QCoreApplication::sendPostedEvents();
  QCoreApplication::processEvents();
}

}  // namespace

class TestCurvesPanel : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(dir_.isValid());
    const std::string annotations = dir_.filePath("annotations.json").toStdString();
    test::writeAnalysisFixtureGroundTruth(annotations);
    test::writeAnalysisFixtureRun(dir_.filePath("run").toStdString(), annotations);
    run_ = std::make_shared<const LoadedRun>(loadRunFolder(dir_.filePath("run").toStdString()));
    input_ = std::make_shared<const RunEvaluationInput>(loadRunEvaluationInput(*run_));
  }

  // One run: read from its folder, measured with valid.py's settings, then with those given.
  void oneRunIsMeasuredWithItsSettings() {
    CurvesPanel panel(CurvesPanel::OneRun);
    QSignalSpy finished(&panel, &CurvesPanel::accuracyFinished);
    panel.setRuns({{run_, nullptr, std::nullopt, QString()}});
    QVERIFY(!panel.accuracy());
    QVERIFY(panel.accuracyStatus().contains(QLatin1String("Matching at OKS .50")));
    QVERIFY(finished.wait(kTimeoutMs));
    QVERIFY(panel.accuracy());
    QCOMPARE(formatMatchAccuracyJson(*panel.accuracy()),
             formatMatchAccuracyJson(expectedAccuracy(*input_, 0.5)));
    QVERIFY(!panel.accuracy(true));
    QCOMPARE(panel.pckChart()->plot()->plottableCount(), 3);  // PCK@0.5, PCK@0.75, mean ks
    QVERIFY(panel.accuracyStatus().contains(QLatin1String("valid.py's evaluation settings")));

    EvalParams wide = evalParamsFor(input_->layout);
    for (double& sigma : wide.sigmas) sigma *= 2;
    panel.setRuns({{nullptr, input_, wide, QString()}});
    QVERIFY(finished.wait(kTimeoutMs));
    QCOMPARE(formatMatchAccuracyJson(*panel.accuracy()),
             formatMatchAccuracyJson(expectedAccuracy(*input_, 0.5, wide)));
    QVERIFY(panel.accuracyStatus().contains(QLatin1String("the changed evaluation settings")));
  }

  // Two runs: A's and B's measures, each chart comparing them under their names.
  void twoRunsAreDrawnAsAAndB() {
    CurvesPanel panel(CurvesPanel::TwoRuns);
    QSignalSpy finished(&panel, &CurvesPanel::accuracyFinished);
    panel.setAccuracyOks(0.75);
    panel.setRuns({{run_, nullptr, std::nullopt, QStringLiteral("A: one")},
                   {nullptr, input_, std::nullopt, QStringLiteral("B: two")}});
    QVERIFY(panel.accuracyStatus().contains(QLatin1String("Matching both runs at OKS .75")));
    QVERIFY(finished.wait(kTimeoutMs));
    const std::string expected = formatMatchAccuracyJson(expectedAccuracy(*input_, 0.75));
    QVERIFY(panel.accuracy(false) && panel.accuracy(true));
    QCOMPARE(formatMatchAccuracyJson(*panel.accuracy(false)), expected);
    QCOMPARE(formatMatchAccuracyJson(*panel.accuracy(true)), expected);
    const auto& series = panel.pckChart()->series();
    QCOMPARE(series.size(), std::size_t{2});
    QCOMPARE(series[0].name, QStringLiteral("A: one"));
    QCOMPARE(series[1].name, QStringLiteral("B: two"));
    QVERIFY(panel.accuracyStatus().startsWith(QLatin1String("A: ")));
    QVERIFY(panel.accuracyStatus().contains(QLatin1String("; B: ")));
  }

  // The ground truth and results read for the first threshold serve the next: the folder's files
  // may be gone by then. A panel that must read them says why it cannot.
  void theInputsReadAreKept() {
    QTemporaryDir dir;
    const std::string annotations = dir.filePath("annotations.json").toStdString();
    test::writeAnalysisFixtureGroundTruth(annotations);
    test::writeAnalysisFixtureRun(dir.filePath("run").toStdString(), annotations);
    const auto run =
        std::make_shared<const LoadedRun>(loadRunFolder(dir.filePath("run").toStdString()));
    CurvesPanel panel(CurvesPanel::OneRun);
    QSignalSpy finished(&panel, &CurvesPanel::accuracyFinished);
    panel.setRuns({{run, nullptr, std::nullopt, QString()}});
    QVERIFY(finished.wait(kTimeoutMs));
    QVERIFY(panel.accuracy());
    QVERIFY(QFile::remove(dir.filePath("annotations.json")));
    QVERIFY(QDir(dir.filePath("run")).removeRecursively());

    panel.setAccuracyOks(0.9);
    QVERIFY(finished.wait(kTimeoutMs));
    QVERIFY(panel.accuracy());
    QCOMPARE(panel.accuracy()->oksThreshold, 0.9);

    CurvesPanel fresh(CurvesPanel::OneRun);
    QSignalSpy failed(&fresh, &CurvesPanel::accuracyFinished);
    fresh.setRuns({{run, nullptr, std::nullopt, QString()}});
    QVERIFY(failed.wait(kTimeoutMs));
    QVERIFY(!fresh.accuracy());
    QVERIFY(fresh.accuracyStatus().contains(QLatin1String("c01c28")));  // the error, in red
  }

  // Thresholds chosen in a row: only the last one's measures are drawn, once.
  void theLatestThresholdWins() {
    CurvesPanel panel(CurvesPanel::OneRun);
    QSignalSpy finished(&panel, &CurvesPanel::accuracyFinished);
    panel.setRuns({{nullptr, input_, std::nullopt, QString()}});
    panel.setAccuracyOks(0.75);
    panel.setAccuracyOks(0.9);
    finishBackgroundJobs();
    QCOMPARE(finished.count(), 1);
    QVERIFY(panel.accuracy());
    QCOMPARE(panel.accuracy()->oksThreshold, 0.9);
    QVERIFY(panel.oksHistogramChart()->title().contains(QLatin1String("OKS .90")));
  }

  // No runs, or a message in their place, before the answer comes: the answer is dropped.
  void anAnswerToRunsNoLongerShownIsDropped() {
    CurvesPanel panel(CurvesPanel::TwoRuns);
    QSignalSpy finished(&panel, &CurvesPanel::accuracyFinished);
    panel.setRuns({{nullptr, input_, std::nullopt, QStringLiteral("A: one")},
                   {nullptr, input_, std::nullopt, QStringLiteral("B: two")}});
    panel.setRuns({});
    finishBackgroundJobs();
    QCOMPARE(finished.count(), 0);
    QVERIFY(!panel.accuracy() && !panel.accuracy(true));
    QCOMPARE(panel.pckChart()->plot()->plottableCount(), 0);
    QVERIFY(panel.accuracyStatus().isEmpty());

    panel.setRuns({{nullptr, input_, std::nullopt, QStringLiteral("A: one")},
                   {nullptr, input_, std::nullopt, QStringLiteral("B: two")}});
    panel.showAccuracyMessage(QStringLiteral("Analysing the run\u2026"));
    finishBackgroundJobs();
    QCOMPARE(finished.count(), 0);
    QVERIFY(!panel.accuracy());
    QCOMPARE(panel.accuracyStatus(), QStringLiteral("Analysing the run\u2026"));
  }

 private:
  QTemporaryDir dir_;
  LoadedRunPtr run_;
  RunEvaluationInputPtr input_;
};

QTEST_MAIN(TestCurvesPanel)
#include "tst_curves_panel.moc"
