// The Inspect page on a detection that lands on a crowd region (issue 32): the person panel says
// "on a crowd region" and names the region, with no joint rows (a crowd region has no person's
// joints to judge), where a detection on a person lists its joints' labels.

#include <QAbstractItemModelTester>
#include <QTableView>
#include <QtTest>

#include "analysis/keypoint_analysis.h"
#include "analysis/triage.h"
#include "data/keypoint_dataset.h"
#include "eval/eval_fixtures.h"
#include "report/per_image_table.h"
#include "test_support.h"
#include "widgets/models/person_errors_model.h"
#include "widgets/pages/inspect/inspect_view.h"
#include "widgets/session/run_analysis.h"

using namespace posescope;

namespace {

constexpr int kJoints = 17;
constexpr std::int64_t kPersonId = 1, kCrowdId = 7;

// One image: a person on the left (annotation 1) and a crowd region on the right (annotation 7,
// no labelled joints), each with a detection on it (the person's first in the results).
struct CrowdScene {
  KeypointGroundTruth gt = evaltest::makeGt(kJoints, {1});
  std::vector<KeypointDetection> results;

  CrowdScene() {
    gt.categories[0].keypoints = skeletonFor(DatasetKind::Coco).jointNames;
    gt.images[0].fileName = "crowd.jpg";
    gt.images[0].width = 640;
    gt.images[0].height = 480;
    const GroundTruthPerson person = evaltest::makePerson(kPersonId, 1, kJoints, 60, 40, 2);
    GroundTruthPerson crowd = evaltest::makePerson(kCrowdId, 1, kJoints, 300, 40, 2);
    for (std::size_t k = 2; k < crowd.keypoints.size(); k += 3) crowd.keypoints[k] = 0;
    crowd.numKeypoints = 0;
    crowd.isCrowd = true;
    gt.annotations = {person, crowd};
    results = {evaltest::detectionOn(person, 0.9), evaltest::detectionOn(crowd, 0.8, 3, 3)};
  }

  // The results as the run's record of the image (people in results order).
  ImageRecord record() const {
    ImageRecord r;
    r.imageId = 1;
    r.file = gt.images[0].fileName;
    for (const KeypointDetection& d : results) {
      PersonPrediction p;
      p.score = static_cast<float>(d.score);
      for (std::size_t k = 0; k + 2 < d.keypoints.size(); k += 3)
        p.joints.push_back({float(d.keypoints[k]), float(d.keypoints[k + 1]), 1.f, 0.f});
      r.people.push_back(std::move(p));
    }
    return r;
  }

  // The analysis as the session bundles it.
  RunAnalysisPtr analysis() const {
    auto in = std::make_shared<RunEvaluationInput>();
    in->groundTruth = gt;
    in->results = results;
    auto a = std::make_shared<RunAnalysis>();
    a->defaultParams = a->params = analysisParamsFor(EvalVariant::Coco);
    a->analysis = analyzeKeypoints(in->groundTruth, in->results, a->params);
    a->triage = buildTriage(a->analysis, in->groundTruth);
    a->input = in;
    a->buildIndex();
    return a;
  }

  RunOverlayData overlayData() const {
    RunOverlayData data;
    data.records = {record()};
    data.groundTruth = GroundTruthIndex(gt, 1);
    data.rows = perImageRows(data.records, {});
    return data;
  }
};

}  // namespace

class TestInspectCrowd : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void personPanelSaysOnACrowdRegion() {
    const CrowdScene scene;
    const RunAnalysisPtr analysis = scene.analysis();
    const DetectionAnalysis& onCrowd = analysis->analysis.detections[1];
    QVERIFY(onCrowd.onCrowd);
    QCOMPARE(onCrowd.gtId.value_or(-1), kCrowdId);

    PersonErrorsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const auto person = PersonErrorsModel::personOf(*analysis, scene.record(), 1);
    QVERIFY(person.onCrowd);
    model.setPerson(person, skeletonFor(DatasetKind::Coco).jointNames);
    QCOMPARE(model.rowCount(), 0);  // no row of unlabelled joints
    QCOMPARE(model.verdict(), QStringLiteral("on a crowd region (not judged)"));
    const QString summary = model.summary();
    QVERIFY2(summary.contains(QStringLiteral("crowd region %1").arg(kCrowdId)) &&
                 summary.contains(QStringLiteral("OKS %1").arg(onCrowd.oks, 0, 'f', 3)) &&
                 !summary.contains("ground truth"),
             qPrintable(summary));

    // The detection on the person beside it: a person, its joints listed.
    model.setPerson(PersonErrorsModel::personOf(*analysis, scene.record(), 0),
                    skeletonFor(DatasetKind::Coco).jointNames);
    QVERIFY(!model.person()->onCrowd);
    QCOMPARE(model.rowCount(), kJoints);
    QCOMPARE(model.verdict(), QStringLiteral("localised, every joint good"));
    QVERIFY(model.summary().contains(QStringLiteral("ground truth %1").arg(kPersonId)));
  }

  void selectingTheCrowdDetectionOnThePage() {
    const CrowdScene scene;
    InspectView view;
    view.resize(1280, 800);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setData(scene.overlayData(), nullptr);
    view.setAnalysis(scene.analysis());
    QVERIFY(view.showImage(0));
    view.selectPerson(1);
    QCOMPARE(view.selectedPerson(), 1);
    QCOMPARE(view.personErrorsModel()->rowCount(), 0);
    auto* table = view.findChild<QTableView*>("personErrorsTable");
    QVERIFY(table);
    QCOMPARE(table->model()->rowCount(), 0);
    QVERIFY2(view.personSummary().contains("on a crowd region"), qPrintable(view.personSummary()));
    view.selectPerson(0);
    QCOMPARE(view.personErrorsModel()->rowCount(), kJoints);
    QVERIFY(!view.personSummary().contains("crowd"));
  }
};

POSESCOPE_TEST_MAIN(TestInspectCrowd)
#include "tst_inspect_crowd.moc"
