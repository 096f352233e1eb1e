// The reference summarize()'s means (summaryStat, crowdSplitAp), which summarizeMetrics and
// posescope.cocoeval's summarize() both use: NumPy's selection and pairing, the -1 rule,
// crowdposetools' near threshold and rounding, and np.sum's order.

#include <QtTest>

#include <stdexcept>
#include <vector>

#include "eval/numpy_math.h"
#include "eval/summarize.h"
#include "test_support.h"

using namespace posescope;

namespace {

// precision [T=2, R=2, K=1, A=2, M=2]: value = t * 1000 + r * 100 + a * 10 + m (+1), with a -1
// at t=1, r=1, a=1, m=1.
std::vector<double> smallPrecision() {
  std::vector<double> values;
  for (int t = 0; t < 2; ++t)
    for (int r = 0; r < 2; ++r)
      for (int a = 0; a < 2; ++a)
        for (int m = 0; m < 2; ++m)
          values.push_back(
              t == 1 && r == 1 && a == 1 && m == 1 ? -1.0 : t * 1000 + r * 100 + a * 10 + m + 1);
  return values;
}

}  // namespace

class TestSummarize : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void meanOverTheSelectionLeavesMinusOneOut() {
    const std::vector<double> values = smallPrecision();
    const AccumulatedArray precision{values.data(), 2, 2, 1, 2, 2, true};
    const std::vector<double> thrs{0.5, 0.75};
    // Every threshold, area 1, maxDets 1: 12, 112, 1012 (1112 is -1).
    QCOMPARE(summaryStat(precision, thrs, EvalVariant::Coco, {{}, {1}, {1}}),
             (12.0 + 112 + 1012) / 3);
    QCOMPARE(summaryStat(precision, thrs, EvalVariant::Coco, {0.75, {0}, {0}}),
             (1001.0 + 1101) / 2);
    // Only -1 left, or nothing selected: -1.
    const std::vector<double> minusOnes(4, -1.0);
    QCOMPARE(summaryStat({minusOnes.data(), 1, 2, 1, 2, 1, true}, {0.5}, EvalVariant::Coco,
                         {{}, {0}, {0}}),
             -1.0);
    QCOMPARE(summaryStat(precision, thrs, EvalVariant::Coco, {{}, {}, {0}}), -1.0);
    QCOMPARE(summaryStat(precision, thrs, EvalVariant::Coco, {0.9, {0}, {0}}), -1.0);
  }
  void areaAndMaxDetsIndicesPairAsNumpy() {
    const std::vector<double> values = smallPrecision();
    const AccumulatedArray precision{values.data(), 2, 2, 1, 2, 2, true};
    const std::vector<double> thrs{0.5, 0.75};
    // s[:, :, :, [0, 1], [1]]: (0, 1) and (1, 1); s[:, :, :, [0, 1], [0, 1]]: (0, 0) and (1, 1).
    QCOMPARE(summaryStat(precision, thrs, EvalVariant::Coco, {0.5, {0, 1}, {1}}),
             (2.0 + 12 + 102 + 112) / 4);
    QCOMPARE(summaryStat(precision, thrs, EvalVariant::Coco, {0.5, {0, 1}, {0, 1}}),
             (1.0 + 12 + 101 + 112) / 4);
    // IndexError in NumPy: lists that do not pair, an index past the array.
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, summaryStat(precision, thrs, EvalVariant::Coco,
                                                            {0.5, {0, 1}, {0, 1, 1}}));
    QVERIFY_THROWS_EXCEPTION(std::out_of_range,
                             summaryStat(precision, thrs, EvalVariant::Coco, {0.5, {2}, {0}}));
    QVERIFY_THROWS_EXCEPTION(std::out_of_range,
                             summaryStat(precision, thrs, EvalVariant::Coco, {0.5, {0}, {2}}));
    // params.iouThrs changed after accumulate: a matching threshold past the array's T.
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, summaryStat(precision, {0.5, 0.75, 0.9},
                                                            EvalVariant::Coco, {0.9, {0}, {0}}));
  }
  void crowdPoseApMatchesItsThresholdWithinOneHundredth() {
    const std::vector<double> values = smallPrecision();
    const std::vector<double> thrs{0.5, 0.755};
    const AccumulatedArray precision{values.data(), 2, 2, 1, 2, 2, true};
    QCOMPARE(summaryStat(precision, thrs, EvalVariant::CrowdPose, {0.75, {0}, {0}}),
             (1001.0 + 1101) / 2);
    QCOMPARE(summaryStat(precision, thrs, EvalVariant::Coco, {0.75, {0}, {0}}), -1.0);
    // Its AR matches exactly: recall [T=2, K=1, A=1, M=1].
    const std::vector<double> recall{0.25, 0.5};
    const AccumulatedArray recallArray{recall.data(), 2, 1, 1, 1, 1, false};
    QCOMPARE(summaryStat(recallArray, thrs, EvalVariant::CrowdPose, {0.75, {0}, {0}}), -1.0);
    QCOMPARE(summaryStat(recallArray, thrs, EvalVariant::CrowdPose, {0.755, {0}, {0}}), 0.5);
    QCOMPARE(summaryStat(recallArray, thrs, EvalVariant::CrowdPose, {{}, {0}, {0}}), 0.375);
  }
  void crowdSplitApKeepsMinusOneAndRounds() {
    // precision[:, :, :, 0, :] of [T=1, R=3, K=1, A=2, M=1]: 0.5, -1, 0.12345 -> -0.12551666...
    const std::vector<double> values{0.5, 0.9, -1, 0.9, 0.12345, 0.9};
    QCOMPARE(crowdSplitAp({values.data(), 1, 3, 1, 2, 1, true}), -0.1255);
    QVERIFY_THROWS_EXCEPTION(std::out_of_range, crowdSplitAp({values.data(), 1, 3, 2, 0, 1, true}));
  }
  void sumsInNumpysBuffers() {
    // np.sum(1 / np.arange(1, 9091)) with NumPy 1.24: pairwise within each 8,192-value buffer.
    std::vector<double> values;
    for (int i = 1; i <= 9090; ++i) values.push_back(1.0 / i);
    QCOMPARE(numpyReduceSum(values.data(), values.size()), 9.692200856565075);
    QCOMPARE(numpyPairwiseSum(values.data(), values.size()), 9.692200856565071);
    QCOMPARE(numpyReduceSum(values.data(), 8192), numpyPairwiseSum(values.data(), 8192));
  }
  void summarizeMetricsReadsTheSameMeans() {
    EvalParams params = evalParamsFor(EvalVariant::Coco);
    const std::size_t T = params.iouThrs.size(), R = params.recThrs.size();
    const std::size_t A = params.areas.size();
    std::vector<PrecisionRecall> pr(A);
    for (std::size_t a = 0; a < A; ++a) {
      pr[a].recall.assign(T, a == 2 ? -1.0 : 0.1 * static_cast<double>(a + 1));
      pr[a].precision.assign(T * R, -1.0);
      for (std::size_t i = 0; i < T * R; i += 2)
        pr[a].precision[i] = 0.001 * static_cast<double>(i % 97);
    }
    const MetricTable table = summarizeMetrics(params, 1, pr, {});
    QCOMPARE(table.values.size(), std::size_t(10));
    std::vector<double> evenPrecision;
    for (std::size_t i = 0; i < T * R; i += 2)
      evenPrecision.push_back(0.001 * static_cast<double>(i % 97));
    QCOMPARE(table.values[0], meanOfValid(evenPrecision));
    QCOMPARE(table.values[4], meanOfValid(evenPrecision));  // AP (L)
    QCOMPARE(table.values[5], 0.1);                         // AR
    QCOMPARE(table.values[8], 0.2);                         // AR (M)
    QCOMPARE(table.values[9], -1.0);                        // AR (L): only -1
  }
};

POSESCOPE_TEST_GUILESS_MAIN(TestSummarize)
#include "tst_summarize.moc"
