// Per-joint accuracy, OKS histograms and score calibration of the matching at one OKS threshold,
// on hand-made scenes whose values are worked out by hand: a joint at exactly ks 0.5 counts for
// PCK@0.5 and one a hair further does not; PCK and mean ks per joint of a small scene; a detector
// whose scores are reversed; the evaluation settings (sigmas, threshold, maxDets, minimum score).

#include <QtTest>

#include <algorithm>
#include <cmath>

#include "analysis/match_accuracy.h"
#include "analysis/match_accuracy_json.h"
#include "common/errors.h"
#include "eval/eval_fixtures.h"
#include "eval/keypoint_eval.h"
#include "test_support.h"

using namespace posescope;

namespace {

// ks of one joint, written out independently: exp(-d² / (2 sigma)² / area / 2).
double handKs(double dx, double dy, double sigma, double area) {
  return std::exp(-(dx * dx + dy * dy) / ((2 * sigma) * (2 * sigma)) / area / 2);
}

// Settings of a skeleton with its own sigmas, the rest pycocotools'.
EvalParams paramsWithSigmas(std::vector<double> sigmas) {
  EvalParams params = evalParamsFor(EvalVariant::Coco);
  params.sigmas = std::move(sigmas);
  return params;
}

// Four joints with their own sigmas; people of area 10000 (sqrt 100), so a joint moved by
// u * 2 sigma * 100 px has ks exp(-u² / 2).
constexpr double kArea = 10000;
const std::vector<double> kSigmas = {0.1, 0.2, 0.3, 0.4};
constexpr double kNear = 0.55, kMid = 1.05, kFar = 2.05,
                 kBeyond = 3.5;  // u: ks .860 .576 .122 .002

// Image 1: person A (every joint labelled) and person B (joint 3 unlabelled) far apart, each with
// a detection; image 2: person C and a detection far from it.
//   A's detection: joint 0 at kNear, 1 at kMid, 2 at kBeyond, 3 exact; OKS 0.6095
//   B's detection: joint 0 at kFar, 1 at kNear, 2 exact, 3 anywhere;   OKS 0.6606
struct PckScene {
  KeypointGroundTruth gt = evaltest::makeGt(4, {1, 2});
  std::vector<KeypointDetection> detections;

  static GroundTruthPerson person(std::int64_t id, std::int64_t image, double x) {
    GroundTruthPerson p = evaltest::makePerson(id, image, 4, x, 0);
    p.area = kArea;
    return p;
  }
  static void move(KeypointDetection& d, int joint, double u) {
    d.keypoints[3 * joint] += u * 2 * kSigmas[joint] * 100;
  }

  PckScene() {
    const GroundTruthPerson a = person(1, 1, 0);
    GroundTruthPerson b = person(2, 1, 2000);
    b.keypoints[3 * 3 + 2] = 0;
    b.numKeypoints = 3;
    const GroundTruthPerson c = person(3, 2, 0);
    KeypointDetection da = evaltest::detectionOn(a, 0.9);
    move(da, 0, kNear);
    move(da, 1, kMid);
    move(da, 2, kBeyond);
    KeypointDetection db = evaltest::detectionOn(b, 0.8);
    move(db, 0, kFar);
    move(db, 1, kNear);
    move(db, 3, 5);
    const KeypointDetection dc = evaltest::detectionOn(c, 0.7, 1000, 1000);
    gt.annotations = {a, b, c};
    detections = {da, db, dc};
  }
};

double ksAt(double u) {
  return std::exp(-u * u / 2);
}

// Image i (1..5) holds one person, a detection on it scored `good[i]` and a detection far away
// scored `bad[i]`.
struct CalibrationScene {
  KeypointGroundTruth gt = evaltest::makeGt(17, {1, 2, 3, 4, 5});
  std::vector<KeypointDetection> detections;

  CalibrationScene(const std::vector<double>& good, const std::vector<double>& bad) {
    for (std::int64_t i = 1; i <= 5; ++i) {
      const GroundTruthPerson p = evaltest::makePerson(i, i, 17, 0, 0);
      gt.annotations.push_back(p);
      detections.push_back(evaltest::detectionOn(p, good[i - 1]));
      detections.push_back(evaltest::detectionOn(p, bad[i - 1], 500, 500));
    }
  }
};

const std::vector<double> kLow = {.05, .15, .25, .35, .45}, kHigh = {.55, .65, .75, .85, .95};

}  // namespace

class TestMatchAccuracy : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void jointAtExactlyKsHalfCountsForPck() {
    // Area 4 and sigma 0.5: ks = exp(-(dx² + dy²) / 8). Joints 0 and 1 are labelled at the
    // origin, where doubles are fine enough to land on ks 0.5 exactly: joint 0 is predicted at
    // (2, y) with y the first value from below whose ks is 0.5, joint 1 at the next double up,
    // whose ks is below.
    const double sigma = 0.5, area = 4;
    KeypointGroundTruth gt = evaltest::makeGt(3, {1});
    GroundTruthPerson p = evaltest::makePerson(1, 1, 3, 0, 0);
    p.keypoints[3] = p.keypoints[4] = 0;
    p.area = area;
    gt.annotations = {p};
    double atHalf = std::sqrt(8 * std::log(2.0) - 4) - 1e-9;
    while (handKs(2, atHalf, sigma, area) > 0.5) atHalf = std::nextafter(atHalf, 10.0);
    const double beyond = std::nextafter(atHalf, 10.0);
    QVERIFY(handKs(2, atHalf, sigma, area) == 0.5);
    QVERIFY(keypointSimilarity(2, atHalf, sigma, area) == 0.5);
    QVERIFY(keypointSimilarity(2, beyond, sigma, area) < 0.5);
    KeypointDetection d = evaltest::detectionOn(p, 0.9);
    d.keypoints[0] = d.keypoints[3] = 2;
    d.keypoints[1] = atHalf;
    d.keypoints[4] = beyond;
    const EvalParams params = paramsWithSigmas({sigma, sigma, sigma});
    const MatchAccuracy accuracy = matchAccuracy(gt, {d}, params);
    QCOMPARE(accuracy.categories.size(), std::size_t{1});
    const JointAccuracyTable& table = accuracy.categories[0].joints;
    QCOMPARE(table.truePositives, std::size_t{1});
    QVERIFY(table.joints[0].meanKs == 0.5);
    QCOMPARE(table.joints[0].pck50, 1.0);
    QCOMPARE(table.joints[1].pck50, 0.0);
    QCOMPARE(table.joints[2].pck50, 1.0);
    QCOMPARE(table.allJoints.labelled, std::size_t{3});
    QCOMPARE(table.allJoints.pck50, 2.0 / 3);
    // The ks are the OKS' own terms: their mean is the match's OKS.
    const ThresholdMatching matching = matchAtThreshold(gt, {d}, params, 0.5);
    const TruePositive& tp = matching.categories[0].truePositives.at(0);
    const double meanKs = (table.joints[0].meanKs + table.joints[1].meanKs + 1.0) / 3;
    QVERIFY(std::fabs(tp.oks - meanKs) < 1e-15);
  }

  void pckPerJointByHand() {
    const PckScene scene;
    const MatchAccuracy accuracy =
        matchAccuracy(scene.gt, scene.detections, paramsWithSigmas(kSigmas));
    const CategoryAccuracy& c = accuracy.categories[0];
    QCOMPARE(accuracy.oksThreshold, 0.5);
    QCOMPARE(accuracy.area, std::string("all"));
    QCOMPARE(c.joints.truePositives, std::size_t{2});  // A and B; C is missed
    const auto& j = c.joints.joints;
    // Joint 0: A near (ks .860), B far (.122).
    QCOMPARE(j[0].labelled, std::size_t{2});
    QVERIFY(std::fabs(j[0].meanKs - (ksAt(kNear) + ksAt(kFar)) / 2) < 1e-12);
    QCOMPARE(j[0].pck50, 0.5);
    QCOMPARE(j[0].pck75, 0.5);
    // Joint 1: A mid (.576), B near (.860).
    QCOMPARE(j[1].pck50, 1.0);
    QCOMPARE(j[1].pck75, 0.5);
    // Joint 2: A beyond (.002), B exact.
    QCOMPARE(j[2].pck50, 0.5);
    QCOMPARE(j[2].pck75, 0.5);
    // Joint 3: only A's is labelled (B's detection is far there, but not judged).
    QCOMPARE(j[3].labelled, std::size_t{1});
    QCOMPARE(j[3].meanKs, 1.0);
    QCOMPARE(j[3].pck50, 1.0);
    QCOMPARE(j[0].name, std::string("k0"));
    QCOMPARE(j[2].sigma, 0.3);
    // Pooled: 7 labelled joints, 5 at ks >= .5, 4 at ks >= .75.
    QCOMPARE(c.joints.allJoints.labelled, std::size_t{7});
    QCOMPARE(c.joints.allJoints.pck50, 5.0 / 7);
    QCOMPARE(c.joints.allJoints.pck75, 4.0 / 7);
    // Normalised distances in bins of 0.1 on [0, 3]: joint 0 at 0.55 and 2.05, joint 2 at 0 and
    // beyond 3.
    QCOMPARE(j[0].distance.counts[5], std::size_t{1});
    QCOMPARE(j[0].distance.counts[20], std::size_t{1});
    QCOMPARE(j[2].distance.counts[0], std::size_t{1});
    QCOMPARE(j[2].distance.above, std::size_t{1});
    // OKS of the matches .6095 and .6606; each person's best: A, B and C's ~0.
    const double oksA = (ksAt(kNear) + ksAt(kMid) + ksAt(kBeyond) + 1) / 4;
    const double oksB = (ksAt(kFar) + ksAt(kNear) + 1) / 3;
    QVERIFY(oksA > 0.6 && oksA < 0.65 && oksB > 0.65 && oksB < 0.7);
    QCOMPARE(c.oks.matched.counts[12], std::size_t{1});
    QCOMPARE(c.oks.matched.counts[13], std::size_t{1});
    QCOMPARE(c.oks.bestPerPerson.counts[0], std::size_t{1});
    QCOMPARE(c.oks.bestPerPerson.counts[12] + c.oks.bestPerPerson.counts[13], std::size_t{2});
    // C's detection is the one false positive.
    QCOMPARE(c.calibration.truePositives, std::size_t{2});
    QCOMPARE(c.calibration.falsePositives, std::size_t{1});
  }

  void settingsAreTheRuns() {
    const PckScene scene;
    // A threshold outside the reference's list: at .62 only B's detection (.6606) matches.
    AccuracySettings at62;
    at62.oksThreshold = 0.62;
    const MatchAccuracy strict =
        matchAccuracy(scene.gt, scene.detections, paramsWithSigmas(kSigmas), at62);
    QCOMPARE(strict.oksThreshold, 0.62);
    QCOMPARE(strict.categories[0].joints.truePositives, std::size_t{1});
    QCOMPARE(strict.categories[0].joints.joints[3].labelled, std::size_t{0});
    QCOMPARE(strict.categories[0].joints.joints[3].pck50, -1.0);
    QCOMPARE(strict.categories[0].calibration.falsePositives, std::size_t{2});
    // Doubled sigmas halve every normalised distance: joint 0's far one (1.025) now counts.
    std::vector<double> doubled;
    for (double s : kSigmas) doubled.push_back(2 * s);
    const MatchAccuracy loose =
        matchAccuracy(scene.gt, scene.detections, paramsWithSigmas(doubled));
    QCOMPARE(loose.categories[0].joints.joints[0].pck50, 1.0);
    QCOMPARE(loose.settingChanges.empty(), false);
    // Sigmas that do not fit the skeleton are refused.
    QVERIFY_THROWS_EXCEPTION(EvalError,
                             matchAccuracy(scene.gt, scene.detections, paramsWithSigmas({0.1})));
    AccuracySettings outside;
    outside.oksThreshold = 1.5;
    QVERIFY_THROWS_EXCEPTION(
        EvalError, matchAccuracy(scene.gt, scene.detections, paramsWithSigmas(kSigmas), outside));
  }

  void reversedScoresShowInCalibration() {
    const CalibrationScene scene(kLow, kHigh);  // true positives score low, false ones high
    const MatchAccuracy accuracy =
        matchAccuracy(scene.gt, scene.detections, evalParamsFor(EvalVariant::Coco));
    const ScoreCalibration& c = accuracy.categories[0].calibration;
    QCOMPARE(c.truePositives, std::size_t{5});
    QCOMPARE(c.falsePositives, std::size_t{5});
    QCOMPARE(c.bins.size(), std::size_t{10});
    for (std::size_t b = 0; b < 10; ++b) {
      QCOMPARE(c.bins[b].lo, b / 10.0);
      QCOMPARE(c.bins[b].truePositives, std::size_t{b < 5 ? 1u : 0u});
      QCOMPARE(c.bins[b].falsePositives, std::size_t{b < 5 ? 0u : 1u});
      QCOMPARE(c.bins[b].precision, b < 5 ? 1.0 : 0.0);
      QVERIFY(std::fabs(c.bins[b].meanScore - (b < 5 ? kLow[b] : kHigh[b - 5])) < 1e-15);
      if (b > 0) QVERIFY(c.bins[b].precision <= c.bins[b - 1].precision);
    }
    // |1 - s| for the low scores and |0 - s| for the high ones, a tenth of the detections each.
    QVERIFY(std::fabs(c.expectedCalibrationError - 0.75) < 1e-12);
    QCOMPARE(c.rankingAuc, 0.0);
    QCOMPARE(c.scoresOutsideUnit, std::size_t{0});

    const CalibrationScene ordered(kHigh, kLow);
    const ScoreCalibration& o =
        matchAccuracy(ordered.gt, ordered.detections, evalParamsFor(EvalVariant::Coco))
            .categories[0]
            .calibration;
    QCOMPARE(o.rankingAuc, 1.0);
    QCOMPARE(o.bins[9].precision, 1.0);
    QCOMPARE(o.bins[0].precision, 0.0);
    QVERIFY(std::fabs(o.expectedCalibrationError - 0.25) < 1e-12);
  }

  void calibrationFollowsMaxDetsAndMinScore() {
    const CalibrationScene scene(kLow, kHigh);
    EvalParams params = evalParamsFor(EvalVariant::Coco);
    params.maxDets = 1;  // only each image's best-scored detection, the false one, is evaluated
    const ScoreCalibration one =
        matchAccuracy(scene.gt, scene.detections, params).categories[0].calibration;
    QCOMPARE(one.truePositives, std::size_t{0});
    QCOMPARE(one.falsePositives, std::size_t{5});
    QCOMPARE(one.rankingAuc, -1.0);
    params = evalParamsFor(EvalVariant::Coco);
    params.minScore = 0.3;  // true positives .35 and .45 stay
    const ScoreCalibration kept =
        matchAccuracy(scene.gt, scene.detections, params).categories[0].calibration;
    QCOMPARE(kept.truePositives, std::size_t{2});
    QCOMPARE(kept.falsePositives, std::size_t{5});
  }

  void scoresOutsideUnitAreCountedInTheEndBins() {
    CalibrationScene scene(kLow, kHigh);
    scene.detections[1].score = 1.5;
    scene.detections[2].score = -0.2;  // beside the .05 of image 1
    const ScoreCalibration c =
        matchAccuracy(scene.gt, scene.detections, evalParamsFor(EvalVariant::Coco))
            .categories[0]
            .calibration;
    QCOMPARE(c.scoresOutsideUnit, std::size_t{2});
    QCOMPARE(c.bins[9].falsePositives, std::size_t{2});
    QCOMPARE(c.bins[0].truePositives, std::size_t{2});
  }

  void crowdMatchesAreNeitherTrueNorFalse() {
    KeypointGroundTruth gt = evaltest::makeGt(17, {1});
    GroundTruthPerson crowd = evaltest::makePerson(1, 1, 17, 0, 0);
    crowd.isCrowd = true;
    gt.annotations = {crowd};
    const MatchAccuracy accuracy =
        matchAccuracy(gt, {evaltest::detectionOn(crowd, 0.9)}, evalParamsFor(EvalVariant::Coco));
    const CategoryAccuracy& c = accuracy.categories[0];
    QCOMPARE(c.calibration.truePositives + c.calibration.falsePositives, std::size_t{0});
    QCOMPARE(c.calibration.expectedCalibrationError, -1.0);
    QCOMPARE(c.oks.bestPerPerson.counts.size(), std::size_t{20});
    QCOMPARE(c.joints.allJoints.labelled, std::size_t{0});
  }

  void severalCategoriesAreMeasuredApart() {
    // Category 2 ("hand", the same joints) takes image 2's person and detection.
    PckScene scene;
    KeypointCategory hand = scene.gt.categories.front();
    hand.id = 2;
    hand.name = "hand";
    scene.gt.categories.push_back(hand);
    scene.gt.annotations[2].categoryId = 2;
    scene.detections[2].categoryId = 2;
    const MatchAccuracy accuracy =
        matchAccuracy(scene.gt, scene.detections, paramsWithSigmas(kSigmas));
    QCOMPARE(accuracy.categories.size(), std::size_t{2});
    QCOMPARE(accuracy.categories[0].calibration.truePositives, std::size_t{2});
    QCOMPARE(accuracy.categories[0].calibration.falsePositives, std::size_t{0});
    QCOMPARE(accuracy.categories[1].name, std::string("hand"));
    QCOMPARE(accuracy.categories[1].calibration.falsePositives, std::size_t{1});
    QCOMPARE(accuracy.categories[1].joints.allJoints.labelled, std::size_t{0});
    const std::string json = formatMatchAccuracyJson(accuracy);
    QVERIFY(json.find("\"categories\":[{\"id\":1,\"name\":\"person\",\"true_positives\":2,") !=
            std::string::npos);
    QVERIFY(json.find("{\"id\":2,\"name\":\"hand\",") != std::string::npos);
    QVERIFY(json.rfind("{\"oks_threshold\":0.5,\"area\":\"all\",\"variant\":\"coco\",", 0) == 0);
  }

  void matchingOfNeedsThePerImageEvaluation() {
    const PckScene scene;
    const EvalParams params = paramsWithSigmas(kSigmas);
    EvalOptions without;
    without.perImage = false;
    QVERIFY_THROWS_EXCEPTION(
        EvalError, matchingOf(evaluateKeypoints(scene.gt, scene.detections, params, without),
                              scene.gt, scene.detections, params, 0));
    const EvalSummary summary = evaluateKeypoints(scene.gt, scene.detections, params);
    QVERIFY_THROWS_EXCEPTION(EvalError,
                             matchingOf(summary, scene.gt, scene.detections, params, 10));
    // Threshold #2 is .6: A's detection (.6095) still matches.
    const ThresholdMatching at60 = matchingOf(summary, scene.gt, scene.detections, params, 2);
    QCOMPARE(at60.threshold, 0.6);
    QCOMPARE(at60.categories[0].truePositives.size(), std::size_t{2});
    const MatchAccuracy accuracy = matchAccuracyOf(at60, scene.gt, scene.detections, params);
    QCOMPARE(accuracy.categories[0].joints.allJoints.pck50, 5.0 / 7);
  }

  void csvHasOneRowPerJointAndAll() {
    const PckScene scene;
    const std::string csv = formatJointAccuracyCsv(
        matchAccuracy(scene.gt, scene.detections, paramsWithSigmas(kSigmas)));
    QVERIFY(csv.rfind("category,joint,sigma,labelled,mean_ks,pck_50,pck_75\n", 0) == 0);
    QVERIFY(csv.find("person,k3,0.4,1,1,1,1\n") != std::string::npos);
    QVERIFY(csv.find("\nperson,all,0,7,") != std::string::npos);
    QCOMPARE(std::count(csv.begin(), csv.end(), '\n'), 6L);
  }
};

POSESCOPE_TEST_GUILESS_MAIN(TestMatchAccuracy)
#include "tst_match_accuracy.moc"
