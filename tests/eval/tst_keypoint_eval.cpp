// Semantics of the keypoint evaluator on hand-made cases whose results follow from the
// reference's rules (greedy matching, ignore flags, 101-point interpolated precision).

#include <QtTest>

#include <cmath>

#include "eval/keypoint_eval.h"
#include "eval_fixtures.h"

using namespace posescope;
using evaltest::detectionOn;
using evaltest::makeGt;
using evaltest::makePerson;
using evaltest::shiftedOks;

namespace {

constexpr int kCoco = 17;
constexpr int kCrowd = 14;

// Index of a COCO stat by name.
double stat(const EvalSummary& s, const std::string& name) {
  for (std::size_t i = 0; i < s.table.names.size(); ++i) {
    if (s.table.names[i] == name) return s.table.values[i];
  }
  qFatal("no stat %s", name.c_str());
  return 0;
}

const ImageEvaluation& imageOf(const EvalSummary& s, std::int64_t id) {
  for (const auto& image : s.images) {
    if (image.imageId == id) return image;
  }
  qFatal("no image %lld", static_cast<long long>(id));
  return s.images.front();
}

// A crowd region or an unlabelled person: no labelled joints, only a bbox.
GroundTruthPerson regionAt(std::int64_t id, std::int64_t imageId, int joints, double x, double y,
                           double w, double h, bool crowd) {
  GroundTruthPerson p;
  p.id = id;
  p.imageId = imageId;
  p.categoryId = 1;
  p.keypoints.assign(3 * joints, 0.0);
  p.bbox = {x, y, w, h};
  p.area = w * h;
  p.numKeypoints = 0;
  p.isCrowd = crowd;
  return p;
}

}  // namespace

class TestKeypointEval : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void statNamesFollowValidPy() {
    QCOMPARE(statNames(EvalVariant::Coco),
             (std::vector<std::string>{"AP", "Ap .5", "AP .75", "AP (M)", "AP (L)", "AR", "AR .5",
                                       "AR .75", "AR (M)", "AR (L)"}));
    QCOMPARE(statNames(EvalVariant::CrowdPose),
             (std::vector<std::string>{"AP", "Ap .5", "AP .75", "AR", "AR .5", "AR .75",
                                       "AP (easy)", "AP (medium)", "AP (hard)"}));
  }

  void perfectPredictionScoresOne() {
    auto gt = makeGt(kCoco, {1, 2});
    gt.annotations = {makePerson(11, 1, kCoco, 0, 0, 1.0), makePerson(12, 1, kCoco, 200, 0, 2.0),
                      makePerson(21, 2, kCoco, 50, 50, 1.5)};
    std::vector<KeypointDetection> dets;
    double score = 0.9;
    for (const auto& p : gt.annotations) dets.push_back(detectionOn(p, score -= 0.1));
    const auto s = evaluateKeypoints(gt, dets, EvalVariant::Coco);
    QCOMPARE(s.table.values.size(), size_t(10));
    for (std::size_t i = 0; i < s.table.values.size(); ++i) {
      QVERIFY2(std::fabs(s.table.values[i] - 1.0) < 1e-12, s.table.names[i].c_str());
    }
    QCOMPARE(s.images.size(), size_t(2));
    for (const auto& image : s.images) {
      QCOMPARE(image.ap, 1.0);
      QCOMPARE(image.meanOks, 1.0);
      QCOMPARE(image.thresholds.size(), size_t(10));
      for (const auto& t : image.thresholds) {
        QCOMPARE(t.matches.size(), image.groundTruthIds.size());
        QVERIFY(t.unmatchedDetections.empty());
        QVERIFY(t.unmatchedGroundTruths.empty());
      }
    }
  }

  void emptyResultsScoreZero() {
    auto gt = makeGt(kCoco, {1});
    gt.annotations = {makePerson(1, 1, kCoco, 0, 0, 1.0), makePerson(2, 1, kCoco, 200, 0, 2.0)};
    const auto s = evaluateKeypoints(gt, {}, EvalVariant::Coco);
    // pycocotools: no detections give precision 0 and recall 0 wherever people exist.
    for (std::size_t i = 0; i < s.table.values.size(); ++i) {
      QVERIFY2(s.table.values[i] == 0.0, s.table.names[i].c_str());
    }
    QCOMPARE(s.images.front().ap, 0.0);
    QCOMPARE(s.images.front().meanOks, -1.0);
  }

  void noRegularPeopleGiveMinusOne() {
    auto gt = makeGt(kCoco, {1});
    gt.annotations = {regionAt(1, 1, kCoco, 0, 0, 100, 100, true),
                      regionAt(2, 1, kCoco, 300, 0, 50, 80, false)};
    const auto s =
        evaluateKeypoints(gt, {detectionOn(makePerson(9, 1, kCoco, 0, 0), 0.5)}, EvalVariant::Coco);
    for (std::size_t i = 0; i < s.table.values.size(); ++i) {
      QVERIFY2(s.table.values[i] == -1.0, s.table.names[i].c_str());
    }
  }

  void areaRangesSplitMediumAndLarge() {
    auto gt = makeGt(kCoco, {1});
    gt.annotations = {makePerson(1, 1, kCoco, 0, 0, 1.0)};  // 40 x 192: medium
    QVERIFY(*gt.annotations[0].area > 32 * 32 && *gt.annotations[0].area < 96 * 96);
    const auto s = evaluateKeypoints(gt, {detectionOn(gt.annotations[0], 0.7)}, EvalVariant::Coco);
    QCOMPARE(stat(s, "AP (M)"), 1.0);
    QCOMPARE(stat(s, "AR (M)"), 1.0);
    QCOMPARE(stat(s, "AP (L)"), -1.0);
    QCOMPARE(stat(s, "AR (L)"), -1.0);
  }

  void crowdRegionsAbsorbDetections() {
    auto gt = makeGt(kCoco, {1});
    gt.annotations = {makePerson(1, 1, kCoco, 0, 0), regionAt(2, 1, kCoco, 300, 0, 100, 200, true)};
    // Two detections inside the crowd region score higher than the true one.
    const auto inCrowd1 = detectionOn(makePerson(0, 1, kCoco, 310, 5), 0.9);
    const auto inCrowd2 = detectionOn(makePerson(0, 1, kCoco, 330, 2), 0.8);
    const auto s = evaluateKeypoints(gt, {inCrowd1, inCrowd2, detectionOn(gt.annotations[0], 0.5)},
                                     EvalVariant::Coco);
    QCOMPARE(stat(s, "AP"), 1.0);
    QCOMPARE(stat(s, "AR"), 1.0);
    const auto& image = s.images.front();
    QCOMPARE(image.groundTruthIgnored, (std::vector<bool>{false, true}));
    for (const auto& t : image.thresholds) {
      QCOMPARE(t.matches.size(), size_t(3));
      QCOMPARE(t.matches[0].groundTruthId, std::int64_t(2));
      QCOMPARE(t.matches[1].groundTruthId, std::int64_t(2));
      QVERIFY(t.matches[0].groundTruthIgnored && t.matches[1].groundTruthIgnored);
      QCOMPARE(t.matches[2].detection, size_t(2));
      QCOMPARE(t.matches[2].groundTruthId, std::int64_t(1));
    }
    // Without the crowd flag the region is an unlabelled person: matched once, then FPs.
    gt.annotations[1].isCrowd = false;
    const auto plain = evaluateKeypoints(
        gt, {inCrowd1, inCrowd2, detectionOn(gt.annotations[0], 0.5)}, EvalVariant::Coco);
    QVERIFY(stat(plain, "AP") < 1.0);
    QCOMPARE(plain.images.front().thresholds[0].unmatchedDetections, std::vector<size_t>{1});
  }

  void unlabelledPeopleUseTheirBox() {
    auto gt = makeGt(kCoco, {1});
    const double x = 300, y = 40, w = 60, h = 100;
    gt.annotations = {makePerson(1, 1, kCoco, 0, 0), regionAt(2, 1, kCoco, x, y, w, h, false)};
    // Inside the box doubled on each side: OKS 1, matched to an ignored person.
    const auto inside = detectionOn(makePerson(0, 1, kCoco, x - w + 1, y - h + 1, 0.1), 0.9);
    // 30 px right of the doubled box, all joints at the same height inside it.
    KeypointDetection outside;
    outside.imageId = 1;
    outside.score = 0.8;
    const double dx = 30;
    for (int k = 0; k < kCoco; ++k)
      outside.keypoints.insert(outside.keypoints.end(), {x + 2 * w + dx, y + 10, 1});
    const auto s = evaluateKeypoints(gt, {inside, outside}, EvalVariant::Coco);
    const auto& image = s.images.front();
    QCOMPARE(image.oks.size(), size_t(4));
    QCOMPARE(image.oks[0 * 2 + 1], 1.0);
    const double expected = shiftedOks(dx, 0, w * h, evaltest::cocoSigmas());
    QVERIFY2(std::fabs(image.oks[1 * 2 + 1] - expected) < 1e-12,
             qPrintable(QString::number(image.oks[1 * 2 + 1], 'g', 17)));
    QCOMPARE(image.thresholds[0].matches.size(), size_t(1));
    QVERIFY(image.thresholds[0].matches[0].groundTruthIgnored);
    // The unlabelled person is never reported missing; the labelled one is.
    QCOMPARE(image.thresholds[0].unmatchedGroundTruths, std::vector<std::int64_t>{1});
    QCOMPARE(stat(s, "AR"), 0.0);
  }

  void oksUsesAreaFieldForCoco() {
    auto gt = makeGt(kCoco, {1});
    gt.annotations = {makePerson(1, 1, kCoco, 0, 0)};
    gt.annotations[0].area = 5000;  // differs from the box on purpose
    const auto s =
        evaluateKeypoints(gt, {detectionOn(gt.annotations[0], 0.5, 3, 4)}, EvalVariant::Coco);
    QVERIFY(std::fabs(s.images.front().oks[0] - shiftedOks(3, 4, 5000, evaltest::cocoSigmas())) <
            1e-12);
  }

  void oksUsesScaledBoxForCrowdPose() {
    auto gt = makeGt(kCrowd, {1}, {0.3});
    gt.annotations = {makePerson(1, 1, kCrowd, 0, 0)};
    gt.annotations[0].area.reset();  // CrowdPose files have none
    const auto& bb = gt.annotations[0].bbox;
    const auto s =
        evaluateKeypoints(gt, {detectionOn(gt.annotations[0], 0.5, 3, 4)}, EvalVariant::CrowdPose);
    const double expected = shiftedOks(3, 4, bb[2] * bb[3] * 0.53, evaltest::crowdSigmas());
    QVERIFY(std::fabs(s.images.front().oks[0] - expected) < 1e-12);
  }

  void tiesKeepInputOrderWithinAnImage() {
    auto gt = makeGt(kCoco, {1});
    gt.annotations = {makePerson(1, 1, kCoco, 0, 0)};
    const double dx = 10;
    const double oks = shiftedOks(dx, 0, *gt.annotations[0].area, evaltest::cocoSigmas());
    QVERIFY2(oks >= 0.5 && oks < 0.75, qPrintable(QString::number(oks)));
    const auto rough = detectionOn(gt.annotations[0], 0.5, dx);
    const auto exact = detectionOn(gt.annotations[0], 0.5);
    // Equal scores: the first listed is matched first (the reference's stable mergesort).
    auto s = evaluateKeypoints(gt, {rough, exact}, EvalVariant::Coco);
    auto& first = s.images.front();
    QCOMPARE(first.detections, (std::vector<size_t>{0, 1}));
    QCOMPARE(first.thresholds[0].matches.size(), size_t(1));
    QCOMPARE(first.thresholds[0].matches[0].detection, size_t(0));
    QCOMPARE(first.thresholds[0].unmatchedDetections, std::vector<size_t>{1});
    QCOMPARE(first.thresholds[5].matches[0].detection, size_t(1));  // .75: rough is too far
    s = evaluateKeypoints(gt, {exact, rough}, EvalVariant::Coco);
    QCOMPARE(s.images.front().thresholds[0].matches[0].detection, size_t(0));
    QCOMPARE(s.images.front().ap, 1.0);
  }

  void tiesAcrossImagesFollowImageIdOrder() {
    auto gt = makeGt(kCoco, {20, 10});
    gt.annotations = {makePerson(1, 10, kCoco, 0, 0), makePerson(2, 20, kCoco, 0, 0)};
    const auto hit = detectionOn(gt.annotations[1], 0.6);        // image 20
    const auto miss = detectionOn(gt.annotations[0], 0.6, 500);  // image 10, far off
    // Listed hit first, but image 10 comes first: [FP, TP] -> precision 0.5 up to recall 0.5.
    const auto s = evaluateKeypoints(gt, {hit, miss}, EvalVariant::Coco);
    QVERIFY(std::fabs(stat(s, "AP") - 0.5 * 51 / 101) < 1e-12);
    QVERIFY(std::fabs(stat(s, "AR") - 0.5) < 1e-12);
    QCOMPARE(s.images[0].imageId, std::int64_t(10));
  }

  void imagesWithoutPeople() {
    auto gt = makeGt(kCoco, {1, 2, 3});
    gt.annotations = {makePerson(1, 1, kCoco, 0, 0)};
    const auto tp = detectionOn(gt.annotations[0], 0.9);
    auto fp = detectionOn(gt.annotations[0], 0.95);
    fp.imageId = 2;
    auto s = evaluateKeypoints(gt, {tp, fp}, EvalVariant::Coco);
    // [FP, TP]: interpolated precision 0.5 at every recall point.
    QVERIFY(std::fabs(stat(s, "AP") - 0.5) < 1e-12);
    QCOMPARE(stat(s, "AR"), 1.0);
    const auto& empty = imageOf(s, 2);
    QCOMPARE(empty.ap, -1.0);
    QCOMPARE(empty.thresholds[0].unmatchedDetections, std::vector<size_t>{1});
    const auto& nothing = imageOf(s, 3);
    QVERIFY(nothing.detections.empty() && nothing.groundTruthIds.empty());
    QCOMPARE(nothing.ap, -1.0);
    // A lower-scored false positive leaves AP at 1.
    fp.score = 0.5;
    s = evaluateKeypoints(gt, {tp, fp}, EvalVariant::Coco);
    QCOMPARE(stat(s, "AP"), 1.0);
  }

  void onlyTwentyDetectionsPerImage() {
    auto gt = makeGt(kCoco, {1});
    gt.annotations = {makePerson(1, 1, kCoco, 0, 0)};
    std::vector<KeypointDetection> dets;
    for (int i = 0; i < 25; ++i)
      dets.push_back(detectionOn(gt.annotations[0], 0.01 * (i + 1), 400));
    const auto s = evaluateKeypoints(gt, dets, EvalVariant::Coco);
    const auto& image = s.images.front();
    QCOMPARE(image.detections.size(), size_t(20));
    QCOMPARE(image.detections.front(), size_t(24));
    QCOMPARE(image.droppedDetections, (std::vector<size_t>{4, 3, 2, 1, 0}));
    QCOMPARE(image.oks.size(), size_t(20));
  }

  void perImageMatches() {
    auto gt = makeGt(kCoco, {1});
    gt.annotations = {makePerson(1, 1, kCoco, 0, 0), makePerson(2, 1, kCoco, 300, 0)};
    const double dx = 10;
    const double oksB = shiftedOks(dx, 0, *gt.annotations[1].area, evaltest::cocoSigmas());
    const auto s = evaluateKeypoints(
        gt,
        {detectionOn(gt.annotations[0], 0.9), detectionOn(gt.annotations[1], 0.8, dx),
         detectionOn(gt.annotations[0], 0.7, 0, 600)},
        EvalVariant::Coco);
    const auto& image = s.images.front();
    QCOMPARE(image.groundTruthIds, (std::vector<std::int64_t>{1, 2}));
    const auto& loose = image.thresholds[0];
    QCOMPARE(loose.threshold, 0.5);
    QCOMPARE(loose.matches.size(), size_t(2));
    QCOMPARE(loose.matches[0].detection, size_t(0));
    QCOMPARE(loose.matches[0].groundTruthId, std::int64_t(1));
    QCOMPARE(loose.matches[0].oks, 1.0);
    QCOMPARE(loose.matches[1].detection, size_t(1));
    QCOMPARE(loose.matches[1].groundTruthId, std::int64_t(2));
    QVERIFY(std::fabs(loose.matches[1].oks - oksB) < 1e-12);
    QCOMPARE(loose.unmatchedDetections, std::vector<size_t>{2});
    QVERIFY(loose.unmatchedGroundTruths.empty());
    const auto& strict = image.thresholds[9];
    QVERIFY(std::fabs(strict.threshold - 0.95) < 1e-15);
    QCOMPARE(strict.matches.size(), size_t(1));
    QCOMPARE(strict.unmatchedDetections, (std::vector<size_t>{1, 2}));
    QCOMPARE(strict.unmatchedGroundTruths, std::vector<std::int64_t>{2});
    QVERIFY(std::fabs(image.meanOks - (1 + oksB) / 2) < 1e-12);
    // Per-image AP: 1 where B is matched ([TP, TP, FP]), 51/101 elsewhere ([TP, FP, FP]).
    int loosely = 0;
    for (int t = 0; t < 10; ++t) {
      const double thr = 0.5 + 0.05 * t;
      QVERIFY(std::fabs(oksB - thr) > 1e-6);
      loosely += oksB >= thr;
    }
    QVERIFY(loosely > 0 && loosely < 10);
    QVERIFY(std::fabs(image.ap - (loosely + (10 - loosely) * 51.0 / 101) / 10) < 1e-12);
  }

  void crowdPoseSplitsByCrowdIndex() {
    // crowdIndex .1 -> easy, .2 -> medium, .8 -> hard (thresholds 0.2 and 0.8).
    auto gt = makeGt(kCrowd, {1, 2, 3}, {0.1, 0.2, 0.8});
    gt.annotations = {makePerson(1, 1, kCrowd, 0, 0), makePerson(2, 1, kCrowd, 300, 0),
                      makePerson(3, 2, kCrowd, 0, 0), makePerson(4, 3, kCrowd, 0, 0)};
    for (auto& p : gt.annotations) p.area.reset();
    const auto s = evaluateKeypoints(
        gt, {detectionOn(gt.annotations[0], 0.9), detectionOn(gt.annotations[2], 0.8)},
        EvalVariant::CrowdPose);
    QCOMPARE(s.table.values.size(), size_t(9));
    // easy: one of two people found: 51/101 = 0.50495..., rounded to 4 decimals.
    QCOMPARE(stat(s, "AP (easy)"), 0.505);
    QCOMPARE(stat(s, "AP (medium)"), 1.0);
    QCOMPARE(stat(s, "AP (hard)"), 0.0);
    // Overall: two TPs then nothing, 4 people: precision 1 up to recall .5.
    QVERIFY(std::fabs(stat(s, "AP") - 51.0 / 101) < 1e-12);
    QVERIFY(std::fabs(stat(s, "AR") - 0.5) < 1e-12);
  }

  void crowdPoseEmptySplitIsMinusOneAndAveragesMissingCategories() {
    auto gt = makeGt(kCrowd, {1}, {0.05});
    gt.annotations = {makePerson(1, 1, kCrowd, 0, 0)};
    gt.annotations[0].area.reset();
    // A second category without people: its precision is -1 everywhere.
    KeypointCategory other;
    other.id = 2;
    other.name = "other";
    gt.categories.push_back(other);
    const auto s =
        evaluateKeypoints(gt, {detectionOn(gt.annotations[0], 0.9)}, EvalVariant::CrowdPose);
    QCOMPARE(stat(s, "AP"), 1.0);         // -1 entries are left out here ...
    QCOMPARE(stat(s, "AP (easy)"), 0.0);  // ... but averaged in by crowdposetools' split
    QCOMPARE(stat(s, "AP (medium)"), -1.0);
    QCOMPARE(stat(s, "AP (hard)"), -1.0);
  }

  void threadsDoNotChangeResults() {
    auto gt = makeGt(kCoco, {});
    std::vector<KeypointDetection> dets;
    for (int i = 0; i < 500; ++i) {
      gt.images.push_back({});
      gt.images.back().id = 1000 - i;
      gt.annotations.push_back(makePerson(i + 1, 1000 - i, kCoco, i % 7, 0, 1 + (i % 3)));
      dets.push_back(detectionOn(gt.annotations.back(), 0.3 + 0.001 * (i % 11), i % 13, i % 5));
    }
    EvalOptions one, many;
    one.threads = 1;
    many.threads = 4;
    const auto a = evaluateKeypoints(gt, dets, EvalVariant::Coco, one);
    const auto b = evaluateKeypoints(gt, dets, EvalVariant::Coco, many);
    QCOMPARE(a.table.values, b.table.values);
    QCOMPARE(a.images.size(), b.images.size());
    for (std::size_t i = 0; i < a.images.size(); ++i) QCOMPARE(a.images[i].oks, b.images[i].oks);
  }
};

QTEST_GUILESS_MAIN(TestKeypointEval)
#include "tst_keypoint_eval.moc"
