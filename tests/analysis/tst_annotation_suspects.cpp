// findAnnotationSuspects (issue 56) on generated people with predictions exactly where each
// person is: a clean annotation is never suspected; an annotation with left and right swapped,
// one joint moved, a person left out or annotated twice is, with the fix that gives the person
// back; without flip pairs the swap check is "not computed".

#include <QtTest>
#include <cmath>

#include "analysis/annotation_suspects.h"
#include "synth/synth_image.h"

using namespace posescope;

namespace {

const std::vector<std::string> kCocoJoints = {
    "nose",           "left_eye",   "right_eye",   "left_ear",   "right_ear",   "left_shoulder",
    "right_shoulder", "left_elbow", "right_elbow", "left_wrist", "right_wrist", "left_hip",
    "right_hip",      "left_knee",  "right_knee",  "left_ankle", "right_ankle"};

constexpr int kLeftWrist = 9;

// One generated image's people as ground truth (ids 1..), and as predictions (score 0.9) exactly
// on their annotated joints.
struct Scene {
  KeypointGroundTruth gt;
  std::vector<KeypointDetection> predictions;
  KeypointLayout layout;
};

Scene sceneOf(const synth::SynthImage& image) {
  Scene s;
  s.gt.source = "generated";
  s.gt.images.push_back({1, "1.jpg", image.image.cols, image.image.rows, std::nullopt});
  s.gt.categories.push_back({1, "person", kCocoJoints, {}, false});
  std::int64_t id = 1;
  for (const synth::SynthAnnotation& a : image.people) {
    GroundTruthPerson p;
    p.id = id++;
    p.imageId = 1;
    p.categoryId = 1;
    for (const synth::SynthKeypoint& k : a.keypoints)
      p.keypoints.insert(p.keypoints.end(), {k.x, k.y, double(k.v)});
    p.bbox = {double(a.bbox[0]), double(a.bbox[1]), double(a.bbox[2]), double(a.bbox[3])};
    p.area = a.area;
    p.numKeypoints = a.numKeypoints;
    s.gt.annotations.push_back(p);
    KeypointDetection d;
    d.imageId = 1;
    d.score = 0.9;
    for (std::size_t k = 0; k < a.keypoints.size(); ++k)
      d.keypoints.insert(d.keypoints.end(), {a.keypoints[k].x, a.keypoints[k].y, 0.9});
    s.predictions.push_back(d);
  }
  s.layout = resolveKeypointLayout(s.gt, {});
  return s;
}

// The first generated image whose every person is fully labelled and seen from the front
// (mirrored joints well apart): every kind of error shows on its first person.
Scene frontalScene() {
  for (std::uint64_t seed = 1;; ++seed) {
    const synth::SynthImage image = synth::renderSynthImage(seed);
    bool usable = image.people.size() >= 2;
    for (const synth::SynthAnnotation& a : image.people) {
      const double apart =
          std::hypot(a.keypoints[5].x - a.keypoints[6].x, a.keypoints[5].y - a.keypoints[6].y);
      usable = usable && a.numKeypoints == 17 && apart > 0.3 * std::sqrt(a.area);
    }
    if (usable) return sceneOf(image);
  }
}

std::size_t count(const AnnotationSuspects& found, SuspectKind kind) {
  return found.counts()[static_cast<std::size_t>(kind)];
}

}  // namespace

class TestAnnotationSuspects : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void cleanAnnotationsAreNotSuspected() {
    const Scene s = frontalScene();
    const AnnotationSuspects found = findAnnotationSuspects(s.gt, s.predictions, s.layout);
    QVERIFY(found.swapsComputed);
    QCOMPARE(found.people, s.gt.annotations.size());
    QCOMPARE(found.predictions, s.predictions.size());
    QVERIFY(found.suspects.empty());
  }

  void swappedLeftAndRightAreSuspected() {
    Scene s = frontalScene();
    const std::vector<double> original = s.gt.annotations[0].keypoints;
    for (std::size_t k = 0; k < kCocoJoints.size(); ++k) {
      const auto m = static_cast<std::size_t>(s.layout.skeleton.flipIndex[k]);
      for (int c = 0; c < 3; ++c) s.gt.annotations[0].keypoints[3 * k + c] = original[3 * m + c];
    }
    const AnnotationSuspects found = findAnnotationSuspects(s.gt, s.predictions, s.layout);
    QCOMPARE(found.suspects.size(), std::size_t{1});
    const AnnotationSuspect& swap = found.suspects.front();
    QCOMPARE(swap.kind, SuspectKind::SwappedLeftRight);
    QCOMPARE(swap.annotationId, std::int64_t{1});
    QCOMPARE(swap.detection, 0L);
    QCOMPARE(swap.fixedKeypoints, original);
    QVERIFY(swap.strength > 0.25);

    // Without flip pairs the check cannot run, and says so.
    s.layout.skeleton.flipIndex.clear();
    const AnnotationSuspects unflipped = findAnnotationSuspects(s.gt, s.predictions, s.layout);
    QVERIFY(!unflipped.swapsComputed);
    QCOMPARE(count(unflipped, SuspectKind::SwappedLeftRight), std::size_t{0});
    QVERIFY(formatSuspectsMarkdown(unflipped, "gt.json", 5)
                .find("| left/right swapped | not computed") != std::string::npos);
  }

  void aDisplacedJointIsSuspectedAndPutBack() {
    Scene s = frontalScene();
    GroundTruthPerson& p = s.gt.annotations[0];
    const double x = p.keypoints[3 * kLeftWrist], y = p.keypoints[3 * kLeftWrist + 1];
    const double away = 0.7 * std::sqrt(*p.area);
    p.keypoints[3 * kLeftWrist] = x + (x > s.gt.images[0].width / 2.0 ? -away : away);
    const AnnotationSuspects found = findAnnotationSuspects(s.gt, s.predictions, s.layout);
    QCOMPARE(found.suspects.size(), std::size_t{1});
    const AnnotationSuspect& moved = found.suspects.front();
    QCOMPARE(moved.kind, SuspectKind::DisplacedJoint);
    QCOMPARE(moved.annotationId, std::int64_t{1});
    QCOMPARE(moved.joint, kLeftWrist);
    QCOMPARE(moved.fixedKeypoints[3 * kLeftWrist], x);
    QCOMPARE(moved.fixedKeypoints[3 * kLeftWrist + 1], y);
    QVERIFY2(moved.fix.find("move left_wrist to") == 0, moved.fix.c_str());
  }

  void aPersonLeftOutIsSuspected() {
    Scene s = frontalScene();
    const GroundTruthPerson left = s.gt.annotations[0];
    s.gt.annotations.erase(s.gt.annotations.begin());
    const AnnotationSuspects found = findAnnotationSuspects(s.gt, s.predictions, s.layout);
    QCOMPARE(found.suspects.size(), std::size_t{1});
    const AnnotationSuspect& missing = found.suspects.front();
    QCOMPARE(missing.kind, SuspectKind::UnannotatedPerson);
    QCOMPARE(missing.annotationId, std::int64_t{0});
    QCOMPARE(missing.detection, 0L);
    for (std::size_t k = 0; k < kCocoJoints.size(); ++k) {
      QCOMPARE(missing.fixedKeypoints[3 * k], left.keypoints[3 * k]);
      QCOMPARE(missing.fixedKeypoints[3 * k + 1], left.keypoints[3 * k + 1]);
    }
  }

  void aPersonAnnotatedTwiceIsSuspected() {
    Scene s = frontalScene();
    GroundTruthPerson copy = s.gt.annotations[0];
    copy.id = 99;
    s.gt.annotations.push_back(copy);
    const AnnotationSuspects found = findAnnotationSuspects(s.gt, s.predictions, s.layout);
    QCOMPARE(found.suspects.size(), std::size_t{1});
    const AnnotationSuspect& twice = found.suspects.front();
    QCOMPARE(twice.kind, SuspectKind::Duplicate);
    QCOMPARE(twice.annotationId, std::int64_t{99});
    QCOMPARE(twice.otherAnnotationId, std::int64_t{1});
    QCOMPARE(twice.fix, std::string("remove annotation 99"));
  }
};

QTEST_MAIN(TestAnnotationSuspects)
#include "tst_annotation_suspects.moc"
