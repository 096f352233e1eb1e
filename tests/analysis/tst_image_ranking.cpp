// The image orders: "AP lost" is exactly the dataset's AP evaluated without the image minus its
// AP, "image AP" exactly the image's own AP as the per-image evaluation gives it; both orders
// sort as named.

#include <QtTest>

#include <map>
#include <random>

#include "analysis/image_ranking.h"
#include "common/errors.h"
#include "eval/eval_fixtures.h"
#include "eval/ground_truth.h"
#include "eval/keypoint_eval.h"

using namespace posescope;

namespace {

// Images with one or two people (every fifth image none), detections with growing noise, a false
// positive now and then: images that cost AP and images that lift it.
KeypointGroundTruth makeDataset(int images) {
  std::vector<std::int64_t> ids;
  for (int i = 0; i < images; ++i) ids.push_back(10 + i);
  KeypointGroundTruth gt = evaltest::makeGt(17, ids);
  std::int64_t id = 1;
  for (int i = 0; i < images; ++i) {
    if (i % 5 == 4) continue;
    gt.annotations.push_back(evaltest::makePerson(id++, 10 + i, 17, 0, 0, 1.5));
    if (i % 2) gt.annotations.push_back(evaltest::makePerson(id++, 10 + i, 17, 300, 0, 2));
  }
  return gt;
}

std::vector<KeypointDetection> detect(const KeypointGroundTruth& gt) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> score(0.05, 1.0);
  std::vector<KeypointDetection> out;
  for (const auto& p : gt.annotations) {
    const double noise = (p.imageId % 7) * 3.0;
    out.push_back(evaltest::detectionOn(p, score(rng), noise, -noise));
    if (p.id % 4 == 0) out.push_back(evaltest::detectionOn(p, score(rng), 600, 0));
  }
  return out;
}

std::vector<KeypointDetection> without(const std::vector<KeypointDetection>& dts,
                                       std::int64_t imageId) {
  std::vector<KeypointDetection> out;
  for (const auto& d : dts)
    if (d.imageId != imageId) out.push_back(d);
  return out;
}

}  // namespace

class TestImageRanking : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void apIsTheTablesFirstStat_data() {
    QTest::addColumn<bool>("crowdPose");
    QTest::newRow("coco") << false;
    QTest::newRow("crowdpose") << true;
  }
  void apIsTheTablesFirstStat() {
    QFETCH(bool, crowdPose);
    const EvalVariant variant = crowdPose ? EvalVariant::CrowdPose : EvalVariant::Coco;
    const int joints = crowdPose ? 14 : 17;
    std::vector<std::int64_t> ids;
    std::vector<double> crowdIndex;
    for (int i = 0; i < 12; ++i) {
      ids.push_back(i + 1);
      crowdIndex.push_back(i / 12.0);
    }
    KeypointGroundTruth gt = evaltest::makeGt(joints, ids, crowdIndex);
    for (int i = 0; i < 12; ++i)
      gt.annotations.push_back(evaltest::makePerson(i + 1, i + 1, joints, 0, 0, 1 + i % 3));
    std::vector<KeypointDetection> dts;
    for (const auto& p : gt.annotations)
      dts.push_back(evaltest::detectionOn(p, 0.1 + 0.07 * p.id, p.id * 1.5, 0));
    const ResampledMetrics metrics(gt, dts, evalParamsFor(variant));
    std::vector<int> weights(12, 1);
    QCOMPARE(metrics.ap(weights), metrics.table(weights).values[0]);
    weights[3] = 0;
    weights[5] = 2;
    QCOMPARE(metrics.ap(weights), metrics.table(weights).values[0]);

    // The per-image passes are ap() itself, to the last bit.
    const std::vector<double> without = metrics.apWithoutEach(2), own = metrics.apOfEach();
    for (std::size_t i = 0; i < 12; ++i) {
      std::vector<int> leftOut(12, 1), alone(12, 0);
      leftOut[i] = 0;
      alone[i] = 1;
      QCOMPARE(without[i], metrics.ap(leftOut));
      QCOMPARE(own[i], metrics.ap(alone));
    }
  }

  void apLostIsTheAPWithoutTheImage() {
    const KeypointGroundTruth gt = makeDataset(30);
    const auto dts = detect(gt);
    const EvalParams params = evalParamsFor(EvalVariant::Coco);
    const ResampledMetrics metrics(gt, dts, params);
    const double datasetAp = evaluateKeypoints(gt, dts, params).table.values[0];
    std::map<std::int64_t, double> imageAp;
    for (const ImageEvaluation& e : evaluateKeypoints(gt, dts, params).images)
      imageAp[e.imageId] = e.ap;

    const auto ranked = rankImages(metrics, ImageOrder::ApLost, 2);
    QCOMPARE(ranked.size(), std::size_t(30));
    bool lifts = false, costs = false;
    for (const RankedImage& r : ranked) {
      std::vector<std::int64_t> others;
      for (const auto& image : gt.images)
        if (image.id != r.imageId) others.push_back(image.id);
      const double apWithout =
          evaluateKeypoints(restrictToImages(gt, others), without(dts, r.imageId), params)
              .table.values[0];
      QVERIFY2(std::abs(r.apLost - (apWithout - datasetAp)) < 1e-12,
               qPrintable(QString("image %1: %2 vs %3")
                              .arg(r.imageId)
                              .arg(r.apLost)
                              .arg(apWithout - datasetAp)));
      const double expectedOwn = imageAp.count(r.imageId) ? imageAp[r.imageId] : -1;
      QVERIFY2(std::abs(r.imageAp - expectedOwn) < 1e-12,
               qPrintable(
                   QString("image %1 AP %2 vs %3").arg(r.imageId).arg(r.imageAp).arg(expectedOwn)));
      lifts = lifts || r.apLost < 0;
      costs = costs || r.apLost > 0;
    }
    QVERIFY(lifts && costs);  // the set has both kinds, so the order below is not trivial
    for (std::size_t i = 1; i < ranked.size(); ++i)
      QVERIFY(ranked[i - 1].apLost >= ranked[i].apLost);
  }

  void imageApOrderPutsImagesWithoutPeopleLast() {
    const KeypointGroundTruth gt = makeDataset(20);
    const ResampledMetrics metrics(gt, detect(gt), evalParamsFor(EvalVariant::Coco));
    const auto ranked = rankImages(metrics, ImageOrder::ImageAp);
    std::size_t firstUndefined = ranked.size();
    for (std::size_t i = 0; i < ranked.size(); ++i) {
      if (ranked[i].imageAp <= -1) {
        firstUndefined = std::min(firstUndefined, i);
      } else {
        QVERIFY2(i < firstUndefined, "an image with people after one without");
        if (i > 0) QVERIFY(ranked[i - 1].imageAp <= ranked[i].imageAp);
      }
    }
    QCOMPARE(ranked.size() - firstUndefined, std::size_t(4));  // images 4, 9, 14, 19 are empty
  }

  void keywords() {
    QCOMPARE(imageOrderFromKeyword("ap-lost"), ImageOrder::ApLost);
    QCOMPARE(imageOrderFromKeyword("image-ap"), ImageOrder::ImageAp);
    QCOMPARE(imageOrderName(ImageOrder::ApLost), std::string("AP lost"));
    QVERIFY_THROWS_EXCEPTION(Error, imageOrderFromKeyword("oks"));
  }
};

QTEST_APPLESS_MAIN(TestImageRanking)
#include "tst_image_ranking.moc"
