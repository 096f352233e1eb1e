// Keypoint error analysis on hand-made scenes: each joint label, inversions not computed without
// flip pairs, AP if misses were fixed, optimal rescoring, and the evaluation settings a user can
// change (sigmas, thresholds, maxDets, minimum score).

#include <QtTest>

#include <cmath>

#include <nlohmann/json.hpp>

#include "analysis/analysis_json.h"
#include "analysis/keypoint_analysis.h"
#include "analysis/optimal_rescoring.h"
#include "analysis/triage.h"
#include "common/errors.h"
#include "eval/eval_fixtures.h"
#include "eval/keypoint_eval.h"

using namespace posescope;

namespace {

constexpr int kJoints = 17;
constexpr int kLeftEar = 3, kLeftElbow = 7, kLeftWrist = 9, kRightWrist = 10, kRightKnee = 14,
              kLeftAnkle = 15;

// Two people side by side in image 1 (s = 2: joints at least 20 px apart, area 30720 px²) and a
// detection on the first with one joint of each kind wrong.
struct Scene {
  KeypointGroundTruth gt = evaltest::makeGt(kJoints, {1});
  std::vector<KeypointDetection> detections;
  double jitterKs = 0.6;

  Scene() {
    GroundTruthPerson a = evaltest::makePerson(1, 1, kJoints, 0, 0, 2);
    const GroundTruthPerson b = evaltest::makePerson(2, 1, kJoints, 400, 0, 2);
    a.keypoints[3 * kLeftEar + 2] = 0;  // not labelled
    a.numKeypoints = kJoints - 1;
    KeypointDetection d = evaltest::detectionOn(a, 0.9);
    auto place = [&](int joint, double x, double y) {
      d.keypoints[3 * joint] = x;
      d.keypoints[3 * joint + 1] = y;
    };
    // Left wrist on the same person's right wrist: an inversion.
    place(kLeftWrist, a.keypoints[3 * kRightWrist], a.keypoints[3 * kRightWrist + 1]);
    // Left elbow on the neighbour's left elbow: a swap.
    place(kLeftElbow, b.keypoints[3 * kLeftElbow], b.keypoints[3 * kLeftElbow + 1]);
    // Right knee moved down to ks 0.6 with its own joint: jitter.
    const double sigma = evaltest::cocoSigmas()[kRightKnee];
    const double shift = std::sqrt(-std::log(jitterKs) * (2 * sigma) * (2 * sigma) * *a.area * 2);
    place(kRightKnee, a.keypoints[3 * kRightKnee], a.keypoints[3 * kRightKnee + 1] + shift);
    // Left ankle far from every ankle: a miss.
    place(kLeftAnkle, a.keypoints[3 * kLeftAnkle] + 200, a.keypoints[3 * kLeftAnkle + 1]);
    gt.annotations = {a, b};
    detections = {d};
  }
};

}  // namespace

class TestKeypointAnalysis : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void eachJointGetsItsLabel() {
    const Scene scene;
    const auto analysis =
        analyzeKeypoints(scene.gt, scene.detections, analysisParamsFor(EvalVariant::Coco));
    QCOMPARE(analysis.detections.size(), std::size_t{1});
    const DetectionAnalysis& d = analysis.detections[0];
    QCOMPARE(d.gtId.value_or(-1), std::int64_t{1});
    for (int k = 0; k < kJoints; ++k) {
      JointLabel expected = JointLabel::Good;
      if (k == kLeftWrist) expected = JointLabel::Inversion;
      if (k == kLeftElbow) expected = JointLabel::Swap;
      if (k == kRightKnee) expected = JointLabel::Jitter;
      if (k == kLeftAnkle) expected = JointLabel::Miss;
      if (k == kLeftEar) expected = JointLabel::Unlabelled;
      QVERIFY2(d.joints[k] == expected,
               qPrintable(QString("joint %1: %2")
                              .arg(k)
                              .arg(QString::fromStdString(jointLabelName(d.joints[k])))));
    }
    QVERIFY(std::fabs(d.ownKs[kRightKnee] - scene.jitterKs) < 1e-9);
    QCOMPARE(d.ownKs[kLeftEar], -1.0);
    QCOMPARE(analysis.jointCounts[kLeftWrist][static_cast<int>(JointLabel::Inversion)],
             std::size_t{1});
    QCOMPARE(analysis.jointCounts[0][static_cast<int>(JointLabel::Good)], std::size_t{1});
  }

  void theSwapPointsAtTheNeighbour() {
    const Scene scene;
    const auto params = analysisParamsFor(EvalVariant::Coco);
    const auto people =
        std::vector<const GroundTruthPerson*>{&scene.gt.annotations[0], &scene.gt.annotations[1]};
    const JointAnalysis ja =
        analyzeJoints(scene.detections[0], scene.gt.annotations[0], people, params);
    QCOMPARE(ja.bestPersonId[kLeftElbow], std::int64_t{2});
    QCOMPARE(ja.bestPersonId[kLeftWrist], std::int64_t{1});
    QCOMPARE(ja.bestJoint[kLeftWrist], kRightWrist);
    // Corrected: the inverted wrist moves to the own wrist's row, at the same ks along x.
    const auto& a = scene.gt.annotations[0].keypoints;
    QCOMPARE(ja.corrected[3 * kLeftWrist + 1], a[3 * kLeftWrist + 1]);
    QVERIFY(ja.corrected[3 * kLeftWrist] >= a[3 * kLeftWrist]);
    // Good and unlabelled joints stay where they were predicted.
    QCOMPARE(ja.corrected[0], scene.detections[0].keypoints[0]);
    QCOMPARE(ja.corrected[3 * kLeftEar], scene.detections[0].keypoints[3 * kLeftEar]);
  }

  void withoutFlipPairsInversionsAreNotComputed() {
    const Scene scene;
    AnalysisParams params = analysisParamsFor(EvalVariant::Coco);
    params.flipIndex.clear();
    const auto analysis = analyzeKeypoints(scene.gt, scene.detections, params);
    QVERIFY(analysis.detections[0].joints[kLeftWrist] != JointLabel::Inversion);
    QCOMPARE(analysis.detections[0].joints[kLeftWrist], JointLabel::Miss);
    QVERIFY(analysis.find(ErrorType::Inversion, "all", 0) == nullptr);
    QVERIFY(analysis.find(ErrorType::Swap, "all", 0) != nullptr);
  }

  void flipPairsFromJointNames() {
    const std::vector<std::string> names{"nose", "left_eye", "right_eye", "left_hand",
                                         "right_hand"};
    QCOMPARE(flipIndexFromNames(names), (std::vector<int>{0, 2, 1, 4, 3}));
    QVERIFY(flipIndexFromNames({"a", "b"}).empty());
    QVERIFY(flipIndexFromNames({"left_x", "right_y"}).empty());
  }

  void fixingMissesRaisesAp() {
    // Nine of seventeen joints far off: OKS just under .5, so AP .50 is 0 until misses are fixed.
    KeypointGroundTruth gt = evaltest::makeGt(kJoints, {1});
    gt.annotations = {evaltest::makePerson(1, 1, kJoints, 0, 0, 2)};
    KeypointDetection d = evaltest::detectionOn(gt.annotations[0], 0.8);
    for (int k = 0; k < 9; ++k) d.keypoints[3 * k] += 300;
    const auto analysis = analyzeKeypoints(gt, {d}, analysisParamsFor(EvalVariant::Coco));
    int misses = 0;
    for (JointLabel l : analysis.detections[0].joints) misses += l == JointLabel::Miss;
    QCOMPARE(misses, 9);
    QCOMPARE(analysis.find(ErrorType::Baseline, "all", 0)->ap, 0.0);
    QCOMPARE(analysis.find(ErrorType::Miss, "all", 0)->ap, 1.0);
    QCOMPARE(analysis.find(ErrorType::Swap, "all", 0)->ap, 0.0);  // each type fixed alone
    // Without false negatives nobody is left to recall at .50: undefined, as coco-analyze says.
    QCOMPARE(analysis.find(ErrorType::FalseNeg, "all", 0)->recall, -1.0);
    // After fixing its misses the detection matches: no background error at .50.
    QCOMPARE(analysis.background.front().falsePositives.size(), std::size_t{0});
    QCOMPARE(analysis.background.front().falseNegatives.size(), std::size_t{0});
  }

  void backgroundErrorsAndTriage() {
    KeypointGroundTruth gt = evaltest::makeGt(kJoints, {1, 2});
    gt.annotations = {evaltest::makePerson(1, 1, kJoints, 0, 0, 2),
                      evaltest::makePerson(2, 2, kJoints, 0, 0, 2)};
    // Image 1: found; image 2: a confident detection far from the person, who is missed.
    const std::vector<KeypointDetection> dts{
        evaltest::detectionOn(gt.annotations[0], 0.5),
        evaltest::detectionOn(gt.annotations[1], 0.95, 900, 900)};
    const auto analysis = analyzeKeypoints(gt, dts, analysisParamsFor(EvalVariant::Coco));
    QVERIFY(!analysis.detections[1].gtId);
    QVERIFY(analysis.detections[1].joints.empty());
    QCOMPARE(analysis.background.front().falsePositives, std::vector<std::size_t>{1});
    QCOMPARE(analysis.background.front().falseNegatives, std::vector<std::int64_t>{2});
    const Triage triage = buildTriage(analysis, gt);
    QCOMPARE(triage.highScoreFalsePositives.size(), std::size_t{1});
    QCOMPARE(triage.highScoreFalsePositives[0].index, std::size_t{1});
    QCOMPARE(triage.missedPeople.size(), std::size_t{1});
    QCOMPARE(triage.missedPeople[0].gtId, std::int64_t{2});
    QCOMPARE(triage.missedPeople[0].labelledJoints, kJoints);
    QCOMPARE(triage.images.size(), std::size_t{2});
    QCOMPARE(triage.images[1].missedPeople, 1);
    QCOMPARE(triage.images[1].backgroundFalsePositives, 1);
    QCOMPARE(triage.images[0].localisedOks, 1.0);
    QCOMPARE(triage.worstOks.size(), std::size_t{1});
  }

  void optimalRescoringDecaysDuplicates() {
    const GroundTruthPerson p = evaltest::makePerson(1, 1, kJoints, 0, 0, 2);
    const std::vector<KeypointDetection> dts{evaltest::detectionOn(p, 0.3),
                                             evaltest::detectionOn(p, 0.9)};
    const auto scores = softNmsScores(dts, {0, 1}, {0.8, 0.9}, evalParamsFor(EvalVariant::Coco));
    // The better one keeps its best OKS; the identical other (pose OKS 1) decays by exp(-1 / .5).
    QCOMPARE(scores[1], 0.9);
    QVERIFY(std::fabs(scores[0] - 0.8 * std::exp(-2.0)) < 1e-15);
    // Far apart poses barely touch each other.
    const std::vector<KeypointDetection> apart{evaltest::detectionOn(p, 0.3),
                                               evaltest::detectionOn(p, 0.9, 500, 0)};
    const auto kept = softNmsScores(apart, {0, 1}, {0.8, 0.9}, evalParamsFor(EvalVariant::Coco));
    QVERIFY(std::fabs(kept[0] - 0.8) < 1e-9);
  }

  void changedSigmaChangesExactlyTheOks() {
    KeypointGroundTruth gt = evaltest::makeGt(kJoints, {1});
    gt.annotations = {evaltest::makePerson(1, 1, kJoints, 0, 0)};
    const double area = *gt.annotations[0].area;
    const std::vector<KeypointDetection> dts{evaltest::detectionOn(gt.annotations[0], 0.9, 3, 4)};
    EvalParams params = evalParamsFor(EvalVariant::Coco);
    const auto before = evaluateKeypoints(gt, dts, params);
    QVERIFY(std::fabs(before.images[0].oks[0] -
                      evaltest::shiftedOks(3, 4, area, evaltest::cocoSigmas())) < 1e-12);
    params.sigmas[5] *= 2;
    std::vector<double> sigmas = evaltest::cocoSigmas();
    sigmas[5] *= 2;
    const auto after = evaluateKeypoints(gt, dts, params);
    QVERIFY(std::fabs(after.images[0].oks[0] - evaltest::shiftedOks(3, 4, area, sigmas)) < 1e-12);
    QVERIFY(after.images[0].oks[0] > before.images[0].oks[0]);
    QCOMPARE(differencesFromReference(params).size(), std::size_t{1});
    QVERIFY(differencesFromReference(evalParamsFor(EvalVariant::Coco)).empty());
  }

  void thresholdsMaxDetsAndMinimumScore() {
    KeypointGroundTruth gt = evaltest::makeGt(kJoints, {1});
    gt.annotations = {evaltest::makePerson(1, 1, kJoints, 0, 0)};
    // One detection at OKS about .6, one far false positive scored higher.
    const double area = *gt.annotations[0].area;
    double shift = 0;
    while (evaltest::shiftedOks(shift, 0, area, evaltest::cocoSigmas()) > 0.6) shift += 0.05;
    const std::vector<KeypointDetection> dts{
        evaltest::detectionOn(gt.annotations[0], 0.5, shift, 0),
        evaltest::detectionOn(gt.annotations[0], 0.9, 900, 0)};
    EvalParams params = evalParamsFor(EvalVariant::Coco);
    params.iouThrs = {0.5};
    QCOMPARE(evaluateKeypoints(gt, dts, params).table.values[5], 1.0);  // AR at .5 only
    params.iouThrs = {0.7};
    QCOMPARE(evaluateKeypoints(gt, dts, params).table.values[5], 0.0);
    params.iouThrs = {0.5};
    params.maxDets = 1;  // only the (better scored) false positive is kept
    QCOMPARE(evaluateKeypoints(gt, dts, params).table.values[5], 0.0);
    params.maxDets = 20;
    params.minScore = 0.6;  // the true detection (0.5) is left out
    QCOMPARE(evaluateKeypoints(gt, dts, params).table.values[5], 0.0);
    params.minScore = 0.4;
    QCOMPARE(evaluateKeypoints(gt, dts, params).table.values[5], 1.0);
  }

  void analysisFollowsChangedSettings() {
    const Scene scene;
    AnalysisParams params = analysisParamsFor(EvalVariant::Coco);
    params.eval.iouThrs = {0.5, 0.75};
    const auto analysis = analyzeKeypoints(scene.gt, scene.detections, params);
    QCOMPARE(analysis.apIfFixed.size(), std::size_t{8 * 3 * 2});
    QCOMPARE(analysis.background.size(), std::size_t{2});
    QCOMPARE(analysis.background[1].oks, 0.75);
    params.eval.minScore = 0.95;  // the only detection is left out
    const auto none = analyzeKeypoints(scene.gt, scene.detections, params);
    QVERIFY(!none.detections[0].gtId);
    QCOMPARE(none.find(ErrorType::Baseline, "all", 0)->recall, 0.0);
  }

  // The GUI's evaluation settings start from valid.py's; the analysis takes over only what the
  // user changed and keeps coco-analyze's own defaults (area 'all' from 32²) for the rest.
  void analysisTakesOverOnlyChangedEvaluationSettings() {
    const AnalysisParams defaults = analysisParamsFor(EvalVariant::Coco);
    EvalParams chosen = evalParamsFor(EvalVariant::Coco);
    QVERIFY(differencesFrom(analysisParamsFollowing(defaults, chosen).eval, defaults.eval).empty());

    chosen.sigmas[3] = 0.05;
    chosen.areas[2].lo = 50.0 * 50.0;  // 'large'
    chosen.maxDets = 5;
    chosen.minScore = 0.2;
    const AnalysisParams followed = analysisParamsFollowing(defaults, chosen);
    QCOMPARE(followed.eval.sigmas, chosen.sigmas);
    QCOMPARE(followed.eval.areas[0].lo, 32.0 * 32.0);  // 'all' unchanged: coco-analyze's
    QCOMPARE(followed.eval.areas[2].lo, 50.0 * 50.0);
    QCOMPARE(followed.eval.iouThrs, defaults.eval.iouThrs);  // literals, not valid.py's linspace
    QCOMPARE(followed.eval.maxDets, std::size_t{5});
    QCOMPARE(followed.eval.minScore, 0.2);
    QCOMPARE(followed.flipIndex, defaults.flipIndex);
  }
  void onlyTheBestTwentyOfAnImageAreAnalysed() {
    KeypointGroundTruth gt = evaltest::makeGt(kJoints, {1});
    gt.annotations = {evaltest::makePerson(1, 1, kJoints, 0, 0, 2)};
    std::vector<KeypointDetection> dts;
    for (int n = 0; n < 24; ++n) {
      dts.push_back(evaltest::detectionOn(gt.annotations[0], 0.5 + 0.01 * n, 600 + 50 * n, 0));
    }
    dts.push_back(evaltest::detectionOn(gt.annotations[0], 0.1));  // right, but ranked 25th
    const auto analysis = analyzeKeypoints(gt, dts, analysisParamsFor(EvalVariant::Coco));
    QVERIFY(!analysis.detections[24].gtId);
    QCOMPARE(analysis.background.front().falsePositives.size(), std::size_t{20});
    for (std::size_t index : analysis.background.front().falsePositives) QVERIFY(index >= 4);
    QCOMPARE(analysis.find(ErrorType::Score, "all", 0)->recall, 0.0);
  }

  void aCrowdRegionAbsorbsItsDetections() {
    KeypointGroundTruth gt = evaltest::makeGt(kJoints, {1});
    GroundTruthPerson crowd = evaltest::makePerson(7, 1, kJoints, 0, 0, 2);
    for (std::size_t k = 2; k < crowd.keypoints.size(); k += 3) crowd.keypoints[k] = 0;
    crowd.numKeypoints = 0;
    crowd.isCrowd = true;
    gt.annotations = {crowd};
    std::vector<KeypointDetection> dts;
    for (int n = 0; n < 3; ++n) dts.push_back(evaltest::detectionOn(crowd, 0.9 - 0.1 * n, n, n));
    const auto analysis = analyzeKeypoints(gt, dts, analysisParamsFor(EvalVariant::Coco));
    for (const auto& d : analysis.detections) {
      QCOMPARE(d.gtId.value_or(-1), std::int64_t{7});
      // On a crowd region, not a person: no joint labels (coco-analyze leaves it out), and the
      // per-joint counts do not count it.
      QVERIFY(d.onCrowd);
      QVERIFY(d.joints.empty());
      QVERIFY(d.ownKs.empty());
    }
    for (const auto& counts : analysis.jointCounts) {
      for (std::size_t n : counts) QCOMPARE(n, std::size_t{0});
    }
    QVERIFY(analysis.background.front().falsePositives.empty());
    const Triage triage = buildTriage(analysis, gt);
    QCOMPARE(triage.worstOks.size(), std::size_t{0});

    // analyze --json says so: "crowd": true, no joint labels, the region's id as gt_id.
    const auto json = nlohmann::json::parse(formatAnalysisJson(analysis, triage));
    QCOMPARE(json.at("detections").size(), dts.size());
    for (const auto& d : json.at("detections")) {
      QCOMPARE(d.at("crowd").get<bool>(), true);
      QCOMPARE(d.at("gt_id").get<std::int64_t>(), std::int64_t{7});
      QVERIFY(d.at("joints").empty());
    }
  }

  void aPersonWithoutLabelledJointsIsNoCrowd() {
    KeypointGroundTruth gt = evaltest::makeGt(kJoints, {1});
    GroundTruthPerson person = evaltest::makePerson(7, 1, kJoints, 0, 0, 2);
    for (std::size_t k = 2; k < person.keypoints.size(); k += 3) person.keypoints[k] = 0;
    person.numKeypoints = 0;
    gt.annotations = {person};
    const auto analysis = analyzeKeypoints(gt, {evaltest::detectionOn(person, 0.9)},
                                           analysisParamsFor(EvalVariant::Coco));
    const DetectionAnalysis& d = analysis.detections.front();
    QCOMPARE(d.gtId.value_or(-1), std::int64_t{7});
    QVERIFY(!d.onCrowd);
    QCOMPARE(d.joints, std::vector<JointLabel>(kJoints, JointLabel::Unlabelled));
    QCOMPARE(analysis.jointCounts[0][static_cast<int>(JointLabel::Unlabelled)], std::size_t{1});
    const auto json =
        nlohmann::json::parse(formatAnalysisJson(analysis, buildTriage(analysis, gt)));
    const auto& shown = json.at("detections").at(0);
    QCOMPARE(shown.at("crowd").get<bool>(), false);
    QCOMPARE(shown.at("joints").size(), std::size_t{kJoints});
    QCOMPARE(shown.at("joints").at(0).get<std::string>(), std::string("unlabelled"));
  }

  void badSettingsAreRefused() {
    EvalParams params = evalParamsFor(EvalVariant::Coco);
    params.sigmas[2] = 0;
    QVERIFY_THROWS_EXCEPTION(EvalError, params.validate());
    params = evalParamsFor(EvalVariant::Coco);
    params.iouThrs = {0.75, 0.5};
    QVERIFY_THROWS_EXCEPTION(EvalError, params.validate());
    QCOMPARE(parseThresholdList(".50:.05:.95", "--oks"), evalParamsFor(EvalVariant::Coco).iouThrs);
    QCOMPARE(parseThresholdList("0.5,0.75", "--oks"), (std::vector<double>{0.5, 0.75}));
    QVERIFY_THROWS_EXCEPTION(EvalError, parseThresholdList("0.5:x:1", "--oks"));
    QVERIFY_THROWS_EXCEPTION(EvalError, applyAreaRange(params, "huge=1,2", "--area"));
    applyAreaRange(params, "medium=100,200", "--area");
    QCOMPARE(params.areas[1].lo, 100.0);
    QCOMPARE(params.areas[1].hi, 200.0);
    AnalysisParams analysis = analysisParamsFor(EvalVariant::Coco);
    analysis.flipIndex = {0, 0};
    QVERIFY_THROWS_EXCEPTION(EvalError, analysis.validate());
  }

  void badDetectionsAreRefused() {
    const Scene scene;
    auto dts = scene.detections;
    dts[0].imageId = 99;
    QVERIFY_THROWS_EXCEPTION(EvalError,
                             analyzeKeypoints(scene.gt, dts, analysisParamsFor(EvalVariant::Coco)));
    dts = scene.detections;
    dts[0].keypoints.pop_back();
    QVERIFY_THROWS_EXCEPTION(EvalError,
                             analyzeKeypoints(scene.gt, dts, analysisParamsFor(EvalVariant::Coco)));
  }
};

QTEST_GUILESS_MAIN(TestKeypointAnalysis)
#include "tst_keypoint_analysis.moc"
