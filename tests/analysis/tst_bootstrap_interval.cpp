// One run's bootstrap interval and the best of several runs against the second best: the
// interval is one side of the paired bootstrap's draws (a run paired with one that finds nobody
// differs from it by its own AP), the best is the highest stat, its margin pairedBootstrap's.

#include <QtTest>

#include <random>

#include <nlohmann/json.hpp>

#include <fstream>

#include "analysis/best_of_runs.h"
#include "analysis/bootstrap_draw.h"
#include "analysis/bootstrap_interval.h"
#include "common/errors.h"
#include "eval/eval_fixtures.h"
#include "eval/keypoint_eval.h"
#include "test_support.h"

using namespace posescope;

namespace {

// `images` images with two people each (one medium, one large), deterministic.
KeypointGroundTruth makeDataset(int images) {
  std::vector<std::int64_t> ids;
  std::vector<double> crowd;
  for (int i = 0; i < images; ++i) {
    ids.push_back(100 + i);
    crowd.push_back(0);
  }
  KeypointGroundTruth gt = evaltest::makeGt(17, ids, crowd);
  std::int64_t id = 1;
  for (int i = 0; i < images; ++i) {
    gt.annotations.push_back(evaltest::makePerson(id++, 100 + i, 17, 0, 0, 1));
    gt.annotations.push_back(evaltest::makePerson(id++, 100 + i, 17, 300, 0, 3));
  }
  return gt;
}

// One detection per person, shifted by up to `noise` px.
std::vector<KeypointDetection> detect(const KeypointGroundTruth& gt, double noise,
                                      std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> shift(-noise, noise), score(0.1, 1.0);
  std::vector<KeypointDetection> out;
  for (const auto& p : gt.annotations)
    out.push_back(evaltest::detectionOn(p, score(rng), shift(rng), shift(rng)));
  return out;
}

BootstrapOptions options(int resamples) {
  BootstrapOptions o;
  o.resamples = resamples;
  o.seed = 9;
  return o;
}

}  // namespace

class TestBootstrapInterval : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  // The percentile step of every bootstrap interval against numpy.percentile's own answers
  // (tests/analysis/goldens/quantiles, made by scripts/reference_quantiles.py): short vectors,
  // ties, and 1,000 resample-like values at the 95 % and 99 % interval's ends. numpy interpolates
  // from the upper end past the midpoint, so the last bit may differ.
  void linearQuantileIsNumpysPercentile() {
    std::ifstream in(test::sourceDir() + "/tests/analysis/goldens/quantiles/numpy_percentile.json");
    QVERIFY(in.good());
    const nlohmann::json goldens = nlohmann::json::parse(in);
    int checked = 0;
    for (const auto& c : goldens.at("cases")) {
      const auto sorted = c.at("sorted").get<std::vector<double>>();
      const auto qs = c.at("q").get<std::vector<double>>();
      const auto expected = c.at("numpy").get<std::vector<double>>();
      for (std::size_t i = 0; i < qs.size(); ++i, ++checked) {
        const double ours = linearQuantile(sorted, qs[i]);
        QVERIFY2(std::abs(ours - expected[i]) <= 4e-16 * std::max(1.0, std::abs(expected[i])),
                 qPrintable(QString("q %1 of %2 values: %3, numpy %4")
                                .arg(qs[i])
                                .arg(sorted.size())
                                .arg(ours, 0, 'g', 17)
                                .arg(expected[i], 0, 'g', 17)));
      }
    }
    QCOMPARE(checked, 6 * 13);
  }

  void intervalIsThePairedDrawsOfOneRun() {
    const auto gt = makeDataset(40);
    const ResampledMetrics run(gt, detect(gt, 8, 3), evalParamsFor(EvalVariant::Coco));
    const ResampledMetrics nobody(gt, {}, evalParamsFor(EvalVariant::Coco));
    const auto intervals = bootstrapIntervals(run, options(300));
    const auto paired = pairedBootstrap(nobody, run, options(300));
    const MetricTable table = evaluateKeypoints(gt, detect(gt, 8, 3), EvalVariant::Coco).table;
    QCOMPARE(intervals.size(), table.names.size());
    const StatInterval& ap = intervals[0];
    QCOMPARE(ap.name, std::string("AP"));
    QCOMPARE(ap.value, table.values[0]);
    // Finding nobody scores AP 0 on every draw, so B - A is the run's AP on the same draws.
    QCOMPARE(ap.low, paired.stats[0].low);
    QCOMPARE(ap.high, paired.stats[0].high);
    QVERIFY(ap.low < ap.value && ap.value < ap.high);
    QCOMPARE(ap.halfWidth(), (ap.high - ap.low) / 2);
  }

  void fewerImagesWidenTheInterval() {
    const auto many = makeDataset(80), few = makeDataset(10);
    const ResampledMetrics a(many, detect(many, 8, 3), evalParamsFor(EvalVariant::Coco));
    const ResampledMetrics b(few, detect(few, 8, 3), evalParamsFor(EvalVariant::Coco));
    QVERIFY(bootstrapIntervals(b, options(300))[0].halfWidth() >
            bootstrapIntervals(a, options(300))[0].halfWidth());
  }

  void badOptionsAreRefused() {
    const auto gt = makeDataset(5);
    const ResampledMetrics run(gt, detect(gt, 8, 3), evalParamsFor(EvalVariant::Coco));
    QVERIFY_THROWS_EXCEPTION(EvalError, bootstrapIntervals(run, options(0)));
    BootstrapOptions level = options(10);
    level.level = 1;
    QVERIFY_THROWS_EXCEPTION(EvalError, bootstrapIntervals(run, level));
  }

  void bestAgainstSecondOnAHandMadeSet() {
    const auto gt = makeDataset(60);
    const auto params = evalParamsFor(EvalVariant::Coco);
    const ResampledMetrics worst(gt, detect(gt, 20, 5), params);
    const ResampledMetrics best(gt, detect(gt, 2, 5), params);
    const ResampledMetrics second(gt, detect(gt, 12, 5), params);
    const auto result = bestAgainstSecond({&worst, &best, &second}, "AP", options(300));
    QVERIFY(result);
    QCOMPARE(result->best, std::size_t(1));
    QCOMPARE(result->second, std::size_t(2));
    const StatDifference expected = pairedBootstrap(second, best, options(300)).stats[0];
    QCOMPARE(result->difference.name, std::string("AP"));
    QCOMPARE(result->difference.delta, expected.delta);
    QCOMPARE(result->difference.low, expected.low);
    QCOMPARE(result->difference.high, expected.high);
    QVERIFY(result->difference.delta > 0.05);
    QVERIFY(result->difference.significant);
  }

  void aTieIsNoise() {
    const auto gt = makeDataset(30);
    const auto params = evalParamsFor(EvalVariant::Coco);
    const ResampledMetrics a(gt, detect(gt, 6, 1), params);
    const ResampledMetrics same(gt, detect(gt, 6, 1), params);
    const auto result = bestAgainstSecond({&a, &same}, "AP", options(100));
    QVERIFY(result);
    QCOMPARE(result->best, std::size_t(0));  // a tie goes to the earlier run
    QCOMPARE(result->second, std::size_t(1));
    QCOMPARE(result->difference.delta, 0.0);
    QVERIFY(!result->difference.significant);
  }

  void needsTwoRunsAndAKnownStat() {
    const auto gt = makeDataset(10);
    const ResampledMetrics a(gt, detect(gt, 6, 1), evalParamsFor(EvalVariant::Coco));
    QVERIFY(!bestAgainstSecond({&a}, "AP"));
    QVERIFY_THROWS_EXCEPTION(EvalError, bestAgainstSecond({&a, &a}, "no such stat"));
  }
};

QTEST_GUILESS_MAIN(TestBootstrapInterval)
#include "tst_bootstrap_interval.moc"
