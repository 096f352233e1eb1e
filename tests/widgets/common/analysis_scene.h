#pragma once
// A hand-made analysis for the chart tests: image 1 has a detection with one joint of each error
// kind (inversion, swap, jitter, miss) and a good one on the neighbour, image 2 a good detection,
// image 3 a missed person and a confident background false positive.

#include <cmath>
#include <memory>

#include "analysis/keypoint_analysis.h"
#include "analysis/triage.h"
#include "eval/eval_fixtures.h"

namespace posescope::test {

inline constexpr int kSceneJoints = 17;
inline constexpr int kLeftElbow = 7, kLeftWrist = 9, kRightWrist = 10, kRightKnee = 14,
                     kLeftAnkle = 15;

struct AnalysisScene {
  KeypointGroundTruth gt = evaltest::makeGt(kSceneJoints, {1, 2, 3});
  std::vector<KeypointDetection> detections;
  std::shared_ptr<const KeypointAnalysis> analysis;
  std::shared_ptr<const Triage> triage;

  AnalysisScene() {
    const GroundTruthPerson a = evaltest::makePerson(1, 1, kSceneJoints, 0, 0, 2);
    const GroundTruthPerson b = evaltest::makePerson(2, 1, kSceneJoints, 400, 0, 2);
    const GroundTruthPerson c = evaltest::makePerson(3, 2, kSceneJoints, 50, 20, 2);
    const GroundTruthPerson missed = evaltest::makePerson(4, 3, kSceneJoints, 50, 20, 2);
    KeypointDetection d = evaltest::detectionOn(a, 0.9);
    auto place = [&d](int joint, double x, double y) {
      d.keypoints[3 * joint] = x;
      d.keypoints[3 * joint + 1] = y;
    };
    place(kLeftWrist, a.keypoints[3 * kRightWrist], a.keypoints[3 * kRightWrist + 1]);
    place(kLeftElbow, b.keypoints[3 * kLeftElbow], b.keypoints[3 * kLeftElbow + 1]);
    const double sigma = evaltest::cocoSigmas()[kRightKnee];
    const double shift = std::sqrt(-std::log(0.6) * (2 * sigma) * (2 * sigma) * *a.area * 2);
    place(kRightKnee, a.keypoints[3 * kRightKnee], a.keypoints[3 * kRightKnee + 1] + shift);
    place(kLeftAnkle, a.keypoints[3 * kLeftAnkle] + 200, a.keypoints[3 * kLeftAnkle + 1]);
    gt.annotations = {a, b, c, missed};
    KeypointDetection far = evaltest::detectionOn(missed, 0.95, 900, 0);
    detections = {d, evaltest::detectionOn(b, 0.8), evaltest::detectionOn(c, 0.7), far};
    auto computed = std::make_shared<KeypointAnalysis>(
        analyzeKeypoints(gt, detections, analysisParamsFor(EvalVariant::Coco)));
    triage = std::make_shared<const Triage>(buildTriage(*computed, gt));
    analysis = std::move(computed);
  }
};

}  // namespace posescope::test
