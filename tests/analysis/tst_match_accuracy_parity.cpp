// The matching behind --accuracy is pycocotools' own: on every metric parity set and at every
// OKS threshold, its true positives over the regular people equal the reference's recall
// (eval['recall'][t, k, 'all', -1], which tests/eval checks against pycocotools and
// crowdposetools), with the reference's settings and with maxDets and a minimum score changed;
// matchingOf reads the same matching from an evaluation already made.

#include <QDir>
#include <QtTest>

#include "analysis/threshold_matching.h"
#include "eval/curves.h"
#include "eval/ground_truth.h"
#include "eval/keypoint_eval.h"
#include "eval/results_io.h"
#include "test_support.h"

using namespace posescope;

class TestMatchAccuracyParity : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void truePositivesGiveTheReferenceRecall() {
    POSESCOPE_REQUIRE_PARITY(parity);
    const QString folder = QString::fromStdString(parity) + "/eval";
    const QStringList sets = QDir(folder).entryList({"*.gt.json"}, QDir::Files, QDir::Name);
    QVERIFY(!sets.isEmpty());
    for (const QString& file : sets) {
      const std::string base = (folder + "/" + file.section('.', 0, 0)).toStdString();
      const KeypointGroundTruth gt = loadGroundTruth(base + ".gt.json");
      const std::vector<KeypointDetection> results = loadResults(base + ".results.json");
      EvalParams changed = evalParamsFor(variantForGroundTruth(gt));
      changed.maxDets = 5;
      changed.minScore = 0.2;
      for (const EvalParams& params : {evalParamsFor(variantForGroundTruth(gt)), changed}) {
        const EvalCurves curves = evaluateCurves(gt, results, params);
        const EvalSummary summary = evaluateKeypoints(gt, results, params);
        QCOMPARE(curves.categories.size(), std::size_t{1});
        for (std::size_t t = 0; t < params.iouThrs.size(); ++t) {
          const ThresholdMatching matching =
              matchAtThreshold(gt, results, params, params.iouThrs[t]);
          const CategoryMatching& m = matching.categories.at(0);
          const double recall =
              static_cast<double>(m.truePositives.size()) / static_cast<double>(m.bestOks.size());
          QVERIFY2(recall == curves.categories[0].recall[0][t],
                   qPrintable(QString("%1, maxDets %2, OKS %3: recall %4, the reference's %5")
                                  .arg(file)
                                  .arg(params.maxDets)
                                  .arg(params.iouThrs[t])
                                  .arg(recall, 0, 'g', 17)
                                  .arg(curves.categories[0].recall[0][t], 0, 'g', 17)));
          for (const TruePositive& tp : m.truePositives) {
            QVERIFY(tp.oks >= params.iouThrs[t] - 1e-12);
          }
          // Read from the evaluation already made, the same matching.
          const ThresholdMatching again = matchingOf(summary, gt, results, params, t);
          const CategoryMatching& read = again.categories.at(0);
          QCOMPARE(read.truePositives.size(), m.truePositives.size());
          for (std::size_t i = 0; i < m.truePositives.size(); ++i) {
            QCOMPARE(read.truePositives[i].detection, m.truePositives[i].detection);
            QCOMPARE(read.truePositives[i].person, m.truePositives[i].person);
            QVERIFY(read.truePositives[i].oks == m.truePositives[i].oks);
          }
          QVERIFY(read.falsePositives == m.falsePositives);
          QVERIFY(read.bestOks == m.bestOks);
        }
      }
    }
  }
};

POSESCOPE_TEST_GUILESS_MAIN(TestMatchAccuracyParity)
#include "tst_match_accuracy_parity.moc"
