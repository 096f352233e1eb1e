// Resampled metrics and the paired bootstrap: with every image counted once the table is
// evaluateKeypoints' own; identical runs differ by exactly 0; a clearly worse run is flagged.

#include <QtTest>

#include <random>

#include "analysis/paired_bootstrap.h"
#include "analysis/resampled_metrics.h"
#include "common/errors.h"
#include "eval/eval_fixtures.h"
#include "eval/keypoint_eval.h"

using namespace posescope;

namespace {

// `images` images with two people each (one medium, one large), deterministic.
KeypointGroundTruth makeDataset(int joints, int images) {
  std::vector<std::int64_t> ids;
  std::vector<double> crowd;
  for (int i = 0; i < images; ++i) {
    ids.push_back(100 + i);
    crowd.push_back((i % 10) / 10.0);
  }
  KeypointGroundTruth gt = evaltest::makeGt(joints, ids, crowd);
  std::int64_t id = 1;
  for (int i = 0; i < images; ++i) {
    gt.annotations.push_back(evaltest::makePerson(id++, 100 + i, joints, 0, 0, 1));
    gt.annotations.push_back(evaltest::makePerson(id++, 100 + i, joints, 300, 0, 3));
  }
  return gt;
}

// One detection per person, shifted by up to `noise` px, plus a false positive every few images.
std::vector<KeypointDetection> detect(const KeypointGroundTruth& gt, double noise,
                                      std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> shift(-noise, noise), score(0.1, 1.0);
  std::vector<KeypointDetection> out;
  for (const auto& p : gt.annotations) {
    out.push_back(evaltest::detectionOn(p, score(rng), shift(rng), shift(rng)));
    if (p.id % 7 == 0) out.push_back(evaltest::detectionOn(p, score(rng), 700, 0));
  }
  return out;
}

}  // namespace

class TestPairedBootstrap : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void everyImageOnceIsTheEvaluation_data() {
    QTest::addColumn<bool>("crowdPose");
    QTest::newRow("coco") << false;
    QTest::newRow("crowdpose") << true;
  }
  void everyImageOnceIsTheEvaluation() {
    QFETCH(bool, crowdPose);
    const EvalVariant variant = crowdPose ? EvalVariant::CrowdPose : EvalVariant::Coco;
    const auto gt = makeDataset(crowdPose ? 14 : 17, 40);
    const auto dts = detect(gt, 6, 7);
    const ResampledMetrics resampled(gt, dts, evalParamsFor(variant));
    const MetricTable table = resampled.table(std::vector<int>(40, 1));
    const MetricTable expected = evaluateKeypoints(gt, dts, variant).table;
    QCOMPARE(table.names, expected.names);
    for (std::size_t s = 0; s < table.values.size(); ++s) {
      QVERIFY2(table.values[s] == expected.values[s],
               qPrintable(QString("%1: %2 vs %3")
                              .arg(QString::fromStdString(table.names[s]))
                              .arg(table.values[s], 0, 'g', 17)
                              .arg(expected.values[s], 0, 'g', 17)));
    }
  }

  void dropingImagesIsEvaluatingFewerImages() {
    const auto gt = makeDataset(17, 20);
    const auto dts = detect(gt, 6, 3);
    const ResampledMetrics resampled(gt, dts, evalParamsFor(EvalVariant::Coco));
    std::vector<int> weights(20, 1);
    for (int i = 10; i < 20; ++i) weights[i] = 0;
    // The same as evaluating a ground truth and results restricted to the first ten images.
    KeypointGroundTruth half = gt;
    half.images.resize(10);
    half.annotations.clear();
    for (const auto& p : gt.annotations) {
      if (p.imageId < 110) half.annotations.push_back(p);
    }
    std::vector<KeypointDetection> halfDts;
    for (const auto& d : dts) {
      if (d.imageId < 110) halfDts.push_back(d);
    }
    const auto expected = evaluateKeypoints(half, halfDts, EvalVariant::Coco).table;
    QCOMPARE(resampled.table(weights).values, expected.values);
  }

  void identicalRunsDifferByZero() {
    const auto gt = makeDataset(17, 30);
    const auto dts = detect(gt, 6, 11);
    const ResampledMetrics a(gt, dts, evalParamsFor(EvalVariant::Coco));
    const ResampledMetrics b(gt, dts, evalParamsFor(EvalVariant::Coco));
    BootstrapOptions options;
    options.resamples = 200;
    const auto result = pairedBootstrap(a, b, options);
    QCOMPARE(result.stats.size(), std::size_t{10});
    for (const StatDifference& s : result.stats) {
      QCOMPARE(s.delta, 0.0);
      QCOMPARE(s.low, 0.0);
      QCOMPARE(s.high, 0.0);
      QVERIFY(!s.significant);
    }
  }

  void aClearlyWorseRunIsSignificant() {
    const auto gt = makeDataset(17, 60);
    const ResampledMetrics a(gt, detect(gt, 2, 5), evalParamsFor(EvalVariant::Coco));
    const ResampledMetrics b(gt, detect(gt, 14, 5), evalParamsFor(EvalVariant::Coco));
    BootstrapOptions options;
    options.resamples = 300;
    options.seed = 42;
    const auto result = pairedBootstrap(a, b, options);
    const StatDifference& ap = result.stats[0];
    QCOMPARE(QString::fromStdString(ap.name), QString("AP"));
    QVERIFY(ap.delta < -0.1);
    QVERIFY(ap.low <= ap.delta && ap.delta <= ap.high);
    QVERIFY(ap.high < 0);
    QVERIFY(ap.significant);
    // The same seed gives the same interval; threads do not change it.
    options.threads = 1;
    const auto again = pairedBootstrap(a, b, options);
    QCOMPARE(again.stats[0].low, ap.low);
    QCOMPARE(again.stats[0].high, ap.high);
  }

  void fewImagesMakeTheStarAHint() {
    QCOMPARE(fewImagesNote(1),
             std::string("only 1 image: an interval over fewer than 30 is rough, so a star is a "
                         "hint, not a test"));
    QVERIFY(fewImagesNote(29).find("only 29 images") == 0);
    QVERIFY(fewImagesNote(kFewImagesForBootstrap).empty());
  }

  void differentImagesAreRefused() {
    const auto gt = makeDataset(17, 10);
    const auto other = makeDataset(17, 12);
    const ResampledMetrics a(gt, detect(gt, 2, 5), evalParamsFor(EvalVariant::Coco));
    const ResampledMetrics b(other, detect(other, 2, 5), evalParamsFor(EvalVariant::Coco));
    QVERIFY_THROWS_EXCEPTION(EvalError, pairedBootstrap(a, b));
  }
};

QTEST_GUILESS_MAIN(TestPairedBootstrap)
#include "tst_paired_bootstrap.moc"
