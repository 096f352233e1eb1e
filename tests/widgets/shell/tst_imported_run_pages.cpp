// Issue 32: predictions imported from a results file (importPredictions) as the pages show them.
// The overlays draw the run's own skeleton (a six-joint quadruped's limbs in its skeleton file's
// colours; a COCO run's as before); Inspect says its network layers are not available instead of
// waiting for maps; Timing says the run has no timings instead of plotting nothing; Results
// shows the analysis and evaluates again with other settings; the analysis report exports;
// Compare of a LitePose run against imported predictions on the same ground truth gives the
// bootstrap intervals.

#include <QAction>
#include <QGroupBox>
#include <QLabel>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <array>
#include <filesystem>
#include <set>

#include <opencv2/core.hpp>

#include "analysis/paired_bootstrap.h"
#include "data/keypoint_dataset.h"
#include "eval/ground_truth.h"
#include "eval/keypoint_eval.h"
#include "eval/keypoint_layout.h"
#include "eval/results_io.h"
#include "pipeline/run_folder.h"
#include "pipeline/run_import.h"
#include "render/overlay_renderer.h"
#include "render/run_overlay_data.h"
#include "report/run_comparison.h"
#include "report_pdf/analysis_report_pdf.h"
#include "test_support.h"
#include "widgets/common/analysis_report_content.h"
#include "widgets/common/qcp.h"
#include "widgets/modal_dialogs.h"
#include "widgets/models/record_table_model.h"
#include "widgets/models/sigma_table_model.h"
#include "widgets/pages/compare/compare_view.h"
#include "widgets/pages/inspect/inspect_view.h"
#include "widgets/pages/results/evaluation_settings_panel.h"
#include "widgets/pages/results/results_view.h"
#include "widgets/pages/results/run_summary_panel.h"
#include "widgets/pages/timing/timing_view.h"
#include "widgets/results_file_run.h"
#include "widgets/session/compare_data.h"
#include "widgets/session/run_analysis.h"
#include "widgets/session/run_analysis_session.h"
#include "widgets/session/run_document.h"
#include "widgets/session/run_session.h"
#include "widgets/shell/export_actions.h"
#include "widgets/shell/main_window.h"

using namespace posescope;

namespace {

constexpr int kTimeoutMs = 60000;

std::string animalFixture(const std::string& file) {
  return test::sourceDir() + "/tests/widgets/fixtures/animal6/" + file;
}

// The quadruped fixture imported with its skeleton file into `dir`.
void importAnimal(const std::string& dir) {
  ImportOptions options;
  options.groundTruth = animalFixture("ground_truth.json");
  options.results = animalFixture("results.json");
  options.imagesDir = animalFixture("images");
  options.layout.skeletonSource = animalFixture("skeleton.json");
  options.layout.skeletonFile = loadSkeletonFile(options.layout.skeletonSource);
  importPredictions(dir, options, {});
}

// Limbs as unordered joint pairs.
std::set<std::pair<int, int>> limbSet(const std::vector<std::pair<int, int>>& limbs) {
  std::set<std::pair<int, int>> set;
  for (const auto& [a, b] : limbs) set.insert({std::min(a, b), std::max(a, b)});
  return set;
}

bool openRun(MainWindow& window, const QString& dir) {
  QSignalSpy opened(window.session(), &RunSession::runFolderOpened);
  window.openRunFolder(dir);
  return opened.wait(kTimeoutMs);
}

}  // namespace

class TestImportedRunPages : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir tmp_;
  QString animal_;

 private Q_SLOTS:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("PoseScopeTests");
    QCoreApplication::setApplicationName("tst_imported_run_pages");
    QSettings().clear();
    QVERIFY(tmp_.isValid());
    animal_ = tmp_.filePath("animal");
    importAnimal(animal_.toStdString());
  }

  void overlaysDrawTheRunsSkeleton() {
    const RunOverlayData data = loadRunOverlayData(loadRunFolder(animal_.toStdString()));
    QVERIFY(data.imported);
    QVERIFY2(data.warnings.empty(), data.warnings.empty() ? "" : data.warnings.front().c_str());
    QCOMPARE(data.imageDirectory,
             std::filesystem::absolute(animalFixture("images")).lexically_normal().string());
    const Skeleton file = loadSkeletonFile(animalFixture("skeleton.json"));
    QCOMPARE(data.skeleton.jointNames, file.joints);
    QCOMPARE(data.skeleton.limbs.size(), std::size_t(5));
    QCOMPARE(data.skeleton.limbs, file.limbs);
    QCOMPARE(data.skeleton.limbColours, file.limbColours);
    const OverlayScene scene = data.sceneFor(data.records.front());
    QCOMPARE(scene.skeleton.limbs, file.limbs);
    QVERIFY(!scene.predictions.empty());

    // Each limb in its own colour: the middle of limb 0 (nose - withers) of the first person.
    RenderOptions options;
    options.showGroundTruth = options.showMatches = options.showCrowd = false;
    options.showHeatmap = options.showTags = false;
    options.scoreAsOpacity = false;
    options.jointThreshold = 0;
    options.lineWidth = 5;
    options.jointRadius = 1;
    const cv::Mat black(240, 320, CV_8UC3, cv::Scalar(0, 0, 0));
    const cv::Mat drawn = renderOverlay(black, scene, options);
    for (std::size_t limb = 0; limb < file.limbs.size(); ++limb) {
      const auto& a = scene.predictions.front().joints[file.limbs[limb].first];
      const auto& b = scene.predictions.front().joints[file.limbs[limb].second];
      const cv::Vec3b mid = drawn.at<cv::Vec3b>(static_cast<int>((a[1] + b[1]) / 2),
                                                static_cast<int>((a[0] + b[0]) / 2));
      for (int c = 0; c < 3; ++c)
        QVERIFY2(std::abs(mid[c] - file.limbColours[limb][c]) <= 2,
                 qPrintable(QString("limb %1 channel %2: %3").arg(limb).arg(c).arg(mid[c])));
    }
  }

  void cocoSkeletonIsTheReference() {
    // One definition: the dataset's skeleton is keypoint_layout's reference skeleton.
    for (const auto& [kind, variant] :
         {std::pair{DatasetKind::Coco, EvalVariant::Coco},
          std::pair{DatasetKind::CrowdPose, EvalVariant::CrowdPose}}) {
      QCOMPARE(skeletonFor(kind).jointNames, referenceSkeleton(variant).joints);
      QCOMPARE(skeletonFor(kind).limbs, referenceSkeleton(variant).limbs);
      QVERIFY(skeletonFor(kind).limbColours.empty());
    }
  }

  void inspectSaysNetworkLayersAreNotAvailable() {
    InspectView view;
    view.resize(1200, 800);
    view.show();
    view.setData(loadRunOverlayData(loadRunFolder(animal_.toStdString())), nullptr);
    QVERIFY(view.showImage(1));
    view.setLayer(OverlayLayer::Heatmap, true);
    QTRY_VERIFY_WITH_TIMEOUT(
        view.statusText().contains("heatmaps and tags: not available for imported predictions"),
        kTimeoutMs);
    for (const QString& name : {QStringLiteral("Heatmap"), QStringLiteral("Tags")}) {
      bool found = false;
      for (QAction* action : view.actions())
        if (action->text() == name) {
          found = true;
          QVERIFY2(!action->isEnabled(), qPrintable(name));
        }
      QVERIFY2(found, qPrintable(name));
    }
    // Without a map layer nothing is said about maps.
    view.setLayer(OverlayLayer::Heatmap, false);
    view.setLayer(OverlayLayer::Tags, false);
    QVERIFY2(!view.statusText().contains("not available"), qPrintable(view.statusText()));
  }

  void timingSaysThereAreNoTimings() {
    TimingView view;
    view.setRecords(loadRunFolder(animal_.toStdString()).records);
    QVERIFY(!view.hasTimings());
    QVERIFY2(view.captionText().contains("no timings"), qPrintable(view.captionText()));
    QVERIFY(!view.stagePlot()->isVisibleTo(&view));
    QString error;
    QVERIFY(!view.savePlots(tmp_.filePath("timing.png"), nullptr, &error));
    QVERIFY2(error.contains("no timings"), qPrintable(error));
    QVERIFY(!QFileInfo::exists(tmp_.filePath("timing.png")));
    // A run with timings plots them again.
    ImageRecord timed = loadRunFolder(animal_.toStdString()).records.front();
    timed.times.forwardMs = 12;
    view.setRecords({timed});
    QVERIFY(view.hasTimings());
    QVERIFY(view.stagePlot()->isVisibleTo(&view));
  }

  void resultsAnalyseAndEvaluateAgain() {
    MainWindow window;
    QVERIFY(openRun(window, animal_));
    QCOMPARE(window.pages()->currentIndex(), int(MainWindow::ResultsPage));
    // No network: nothing to count, no device, no time columns of zeros.
    const RunSummaryPanel* summary = window.resultsView()->summaryPanel();
    QVERIFY2(summary->value(RunSummaryPanel::Row::Model).contains("imported"),
             qPrintable(summary->value(RunSummaryPanel::Row::Model)));
    QCOMPARE(summary->value(RunSummaryPanel::Row::Device), QStringLiteral("\u2014 (no network)"));
    bool tableFound = false;
    for (const QTableView* table : window.resultsView()->findChildren<QTableView*>()) {
      const auto* proxy = qobject_cast<const QSortFilterProxyModel*>(table->model());
      if (!proxy || proxy->sourceModel() != window.resultsView()->recordModel()) continue;
      tableFound = true;
      QVERIFY(table->isColumnHidden(RecordTableModel::TotalMsColumn));
      QVERIFY(!table->isColumnHidden(RecordTableModel::ApColumn));
    }
    QVERIFY(tableFound);
    RunDocument* document = window.document();
    QTRY_VERIFY_WITH_TIMEOUT(document->analysis() != nullptr, kTimeoutMs);
    QCOMPARE(document->analysis()->analysis.jointNames,
             loadSkeletonFile(animalFixture("skeleton.json")).joints);
    // Live re-evaluation with other settings: the table of one detection per image.
    EvalParams settings = evalParamsFor(resolveKeypointLayout(
        loadGroundTruth(animalFixture("ground_truth.json")),
        runLayoutChoice(animal_.toStdString(), loadRunFolder(animal_.toStdString()).summary)));
    settings.maxDets = {1};
    window.reevaluate(settings);
    QTRY_VERIFY_WITH_TIMEOUT(document->reevaluation() != nullptr, kTimeoutMs);
    QVERIFY(document->changedSettings() != nullptr);
  }

  // Issue 53, item 6: a skeleton of its own is scored with its own sigmas, and the Results page
  // says so: the settings panel compares with the run's settings (nothing to go back to), the
  // sigma table's reference column is the run's, the metric heading names the skeleton.
  void ownSkeletonIsNamedNotValidPys() {
    MainWindow window;
    QVERIFY(openRun(window, animal_));
    QTRY_VERIFY_WITH_TIMEOUT(window.document()->analysis() != nullptr, kTimeoutMs);
    const EvaluationSettingsPanel* panel = window.resultsView()->settingsPanel();
    QTRY_VERIFY_WITH_TIMEOUT(panel->hasReference(), kTimeoutMs);
    const auto* state = panel->findChild<QLabel*>(QStringLiteral("evaluationSettingsState"));
    QVERIFY(state);
    // The sigmas of the run folder's own copy of its skeleton.
    const QString own = "6 keypoints of 'quadruped6', sigmas from " + animal_ + "/skeleton.json";
    QVERIFY2(state->text().startsWith("<b>The run's settings</b>: " + own.toHtmlEscaped()),
             qPrintable(state->text()));
    QVERIFY2(!state->text().contains("Not the run's"), qPrintable(state->text()));
    QCOMPARE(panel->resetButton()->text(), QStringLiteral("Back to the Run's Settings"));
    QVERIFY(!panel->resetButton()->isEnabled());
    QCOMPARE(panel->sigmaModel()
                 ->headerData(SigmaTableModel::ReferenceColumn, Qt::Horizontal)
                 .toString(),
             QStringLiteral("the run's"));
    const auto* metrics = window.resultsView()->findChild<QGroupBox*>();
    bool named = false;
    for (const QGroupBox* box : window.resultsView()->findChildren<QGroupBox*>())
      named = named || box->title() == "Metrics (" + own + "; hover for full precision)";
    QVERIFY2(named && metrics, "no metric heading naming the run's skeleton");
    for (const QGroupBox* box : window.resultsView()->findChildren<QGroupBox*>())
      QVERIFY2(!box->title().contains("valid.py"), qPrintable(box->title()));
    QCOMPARE(window.resultsView()->summaryPanel()->value(RunSummaryPanel::Row::Dataset),
             QStringLiteral("coco rules, 6 keypoints of 'quadruped6': ground_truth.json"));
  }

  void analysisReportExports() {
    MainWindow window;
    QVERIFY(openRun(window, animal_));
    QTRY_VERIFY_WITH_TIMEOUT(window.document()->analysis() != nullptr, kTimeoutMs);
    QTemporaryDir out;
    window.exportActions()->setSavePathChooser(
        [&out](const QString&, const QString& suggested, const QString&) {
          return QDir(out.path()).filePath(QFileInfo(suggested).fileName());
        });
    window.exportActions()->updateEnabled();
    QAction* pdf = window.findChild<QAction*>("exportAnalysisReportPdf");
    QVERIFY(pdf && pdf->isEnabled());
    window.statusBar()->clearMessage();
    pdf->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(window.statusBar()->currentMessage().startsWith("Wrote"), kTimeoutMs);
    QFile file(out.filePath("animal_analysis_report.pdf"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.readAll().startsWith("%PDF"));
    // Issue 53 item 6: the report names the skeleton and sigmas the run was scored with, and its
    // metric heading is not valid.py's.
    const AnalysisReportContent content =
        analysisReportContentOf(animal_, window.document()->analysis(), false);
    const QString own = "6 keypoints of 'quadruped6', sigmas from " + animal_ + "/skeleton.json";
    const std::vector<QStringList> rows = analysisReportRunRows(content);
    QVERIFY(std::find(rows.begin(), rows.end(), QStringList{"Scored with", own}) != rows.end());
    QVERIFY(std::find(rows.begin(), rows.end(), QStringList{"Dataset", "coco rules"}) !=
            rows.end());
    QCOMPARE(analysisReportMetricsHeading(content), "Metrics (" + own + ")");
    // The timing plots say what does not apply.
    QAction* timing = window.findChild<QAction*>("exportTimingPng");
    QVERIFY(timing);
    window.showPage(MainWindow::TimingPage);
    window.statusBar()->clearMessage();
    test::ModalDialogs dialogs;  // the failure's message box, rejected
    window.exportActions()->updateEnabled();
    timing->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(window.statusBar()->currentMessage().contains("no timings"),
                             kTimeoutMs);
  }

  void compareLitePoseWithImportedPredictions() {
    POSESCOPE_REQUIRE_PARITY(parity);
    const std::string gt = parity + "/data/coco/annotations/person_keypoints_val2017.json";
    // A: the LitePose run (results of valid.py's multi-scale case, as an evaluated run folder);
    // B: valid.py's flip-test results imported.
    const std::string a = tmp_.filePath("litepose").toStdString();
    const std::string liteResults = parity + "/runs/coco4_xs_multiscale.ref_results.json";
    test::writeResultsFileRun(
        a, gt, liteResults,
        evaluateKeypoints(loadGroundTruth(gt), loadResults(liteResults), EvalVariant::Coco).table);
    const std::string b = tmp_.filePath("imported-coco").toStdString();
    ImportOptions options;
    options.groundTruth = gt;
    options.results = parity + "/runs/coco4_xs_flip.ref_results.json";
    options.imagesDir = parity + "/data/coco/images/val2017";
    const LoadedRun imported = importPredictions(b, options, {});
    QVERIFY(imported.summary.imported);
    // The imported COCO run draws COCO's limbs, as before (in the annotation file's order).
    const RunOverlayData overlay = loadRunOverlayData(imported);
    QCOMPARE(overlay.skeleton.jointNames, skeletonFor(DatasetKind::Coco).jointNames);
    QCOMPARE(limbSet(overlay.skeleton.limbs), limbSet(skeletonFor(DatasetKind::Coco).limbs));

    RunComparison comparison = compareRuns(loadRunFolder(a), loadRunFolder(b));
    QVERIFY(comparison.metrics);
    BootstrapOptions bootstrap;
    bootstrap.resamples = 200;
    addSignificance(comparison, loadRunFolder(a), loadRunFolder(b), bootstrap);
    QVERIFY2(comparison.significance,
             comparison.notes.empty() ? "" : comparison.notes.back().c_str());
    QVERIFY(!comparison.significance->stats.empty());

    // And in the window: both sides open, the comparison and its intervals arrive.
    MainWindow window;
    window.compareRuns(QString::fromStdString(a), QString::fromStdString(b));
    QTRY_VERIFY_WITH_TIMEOUT(window.document()->comparison() != nullptr, kTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(window.compareView()->pairAnalysis() != nullptr, kTimeoutMs);
    QVERIFY(!window.compareView()->pairAnalysis()->significance.stats.empty());
    const ComparedRuns& runs = window.document()->comparedRuns();
    QVERIFY(runs.b->images != nullptr);
    // The imported side has no times to compare; the LitePose run's are shown.
    // Nor any network to count, nor an experiment whose settings could differ.
    bool timed = false, counted = false;
    for (const SideBySideRow& row :
         summaryRows(*window.document()->comparison(), *runs.a, *runs.b)) {
      if (row.name == "Mean per image") {
        timed = true;
        QVERIFY2(row.a.endsWith(" ms"), qPrintable(row.a));
        QCOMPARE(row.b, QStringLiteral("no timings (imported)"));
      }
      if (row.name == "Parameters") {
        counted = true;
        QVERIFY(row.a != QStringLiteral("\u2013"));
        QCOMPARE(row.b, QStringLiteral("\u2013"));
      }
    }
    QVERIFY(timed && counted);
    QVERIFY(window.document()->comparison()->configDifferences.empty());
  }
};

POSESCOPE_TEST_MAIN(TestImportedRunPages)
#include "tst_imported_run_pages.moc"
