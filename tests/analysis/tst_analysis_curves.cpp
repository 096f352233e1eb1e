// The analysis' accumulate arrays (KeypointAnalysis::curves, analysis.json's "curves"): on every
// metric parity set, each "AP if fixed" is its precision row's mean and its recall the array's;
// with valid.py's evaluation settings the baseline's arrays are pycocotools' / crowdposetools'
// own (tests/eval/goldens/curves, to 1e-9).

#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>

#include "analysis/analysis_json.h"
#include "analysis/keypoint_analysis.h"
#include "analysis/triage.h"
#include "eval/ground_truth.h"
#include "eval/results_io.h"
#include "test_support.h"

namespace {

// The layout of a parity set, its dataset named as valid.py's config names it.
posescope::KeypointLayout datasetLayout(const posescope::KeypointGroundTruth& gt,
                                        posescope::EvalVariant variant) {
  posescope::LayoutChoice choice;
  choice.dataset = variant;
  return posescope::resolveKeypointLayout(gt, choice);
}

using nlohmann::json;

json readJson(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  return json::parse(in);
}

double largestDifference(const json& a, const json& b) {
  if (a.is_array() != b.is_array()) return INFINITY;
  if (!a.is_array()) return std::fabs(a.get<double>() - b.get<double>());
  if (a.size() != b.size()) return INFINITY;
  double worst = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    worst = std::max(worst, largestDifference(a[i], b[i]));
  }
  return worst;
}

// The mean of a precision row's entries above -1, -1 when none is (summarize's rule).
double meanOfRow(const std::vector<double>& row) {
  double sum = 0;
  std::size_t n = 0;
  for (double p : row) {
    if (p > -1) {
      sum += p;
      ++n;
    }
  }
  return n ? sum / static_cast<double>(n) : -1;
}

}  // namespace

class TestAnalysisCurves : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void arraysBehindApIfFixed_data() {
    QTest::addColumn<QString>("name");
    for (const char* name : {"real_coco4", "syn_coco_300", "syn_crowdpose_300"}) {
      QTest::newRow(name) << QString(name);
    }
  }
  void arraysBehindApIfFixed() {
    POSESCOPE_REQUIRE_PARITY(parity);
    QFETCH(QString, name);
    const std::string base = parity + "/eval/" + name.toStdString();
    const auto variant = name.contains("crowdpose") ? posescope::EvalVariant::CrowdPose
                                                    : posescope::EvalVariant::Coco;
    const auto gt = posescope::loadGroundTruth(base + ".gt.json");
    const auto results = posescope::loadResults(base + ".results.json");
    const auto params = posescope::analysisParamsFor(datasetLayout(gt, variant));
    const auto analysis = posescope::analyzeKeypoints(gt, results, params);
    const std::size_t A = params.eval.areas.size(), T = params.eval.iouThrs.size();
    const std::size_t R = params.eval.recThrs.size();

    // One set of arrays per error type "AP if fixed" reports, in its order.
    QCOMPARE(analysis.curves.size() * A * T, analysis.apIfFixed.size());
    for (std::size_t e = 0; e < analysis.curves.size(); ++e) {
      const posescope::ErrorCurves& c = analysis.curves[e];
      QCOMPARE(c.precision.size(), A);
      QCOMPARE(c.scores.size(), A);
      QCOMPARE(c.recall.size(), A);
      for (std::size_t a = 0; a < A; ++a) {
        QCOMPARE(c.recall[a].size(), T);
        for (std::size_t t = 0; t < T; ++t) {
          QCOMPARE(c.precision[a][t].size(), R);
          QCOMPARE(c.scores[a][t].size(), R);
          const posescope::ApIfFixed& fixed = analysis.apIfFixed[(e * A + a) * T + t];
          QCOMPARE(fixed.error, c.error);
          QVERIFY(std::fabs(fixed.ap - meanOfRow(c.precision[a][t])) <= 1e-12);
          QCOMPARE(fixed.recall, c.recall[a][t]);
          // -1 exactly where precision is -1 (no person to recall in the area range).
          for (std::size_t r = 0; r < R; ++r) {
            QCOMPARE(c.scores[a][t][r] == -1, c.precision[a][t][r] == -1);
          }
        }
      }
    }

    // analysis.json carries the same arrays, keyed by error type name.
    const json file =
        json::parse(posescope::formatAnalysisJson(analysis, posescope::buildTriage(analysis, gt)));
    const json& curves = file.at("curves");
    QCOMPARE(curves.at("areas").size(), A);
    QCOMPARE(curves.at("oks_thresholds").get<std::vector<double>>(), params.eval.iouThrs);
    for (const posescope::ErrorCurves& c : analysis.curves) {
      const json& own = curves.at(posescope::errorTypeName(c.error));
      QCOMPARE(largestDifference(own.at("precision"), json(c.precision)), 0.0);
      QCOMPARE(largestDifference(own.at("scores"), json(c.scores)), 0.0);
      QCOMPARE(largestDifference(own.at("recall"), json(c.recall)), 0.0);
    }
  }

  // With valid.py's evaluation settings the analysis' baseline is the reference's evaluation.
  void baselineIsTheReferences_data() { arraysBehindApIfFixed_data(); }
  void baselineIsTheReferences() {
    POSESCOPE_REQUIRE_PARITY(parity);
    QFETCH(QString, name);
    const std::string base = parity + "/eval/" + name.toStdString();
    const auto variant = name.contains("crowdpose") ? posescope::EvalVariant::CrowdPose
                                                    : posescope::EvalVariant::Coco;
    const auto gt = posescope::loadGroundTruth(base + ".gt.json");
    const auto results = posescope::loadResults(base + ".results.json");
    auto params = posescope::analysisParamsFor(datasetLayout(gt, variant));
    params.eval = posescope::evalParamsFor(variant);
    const auto analysis = posescope::analyzeKeypoints(gt, results, params);
    const json expected = readJson(posescope::test::sourceDir() + "/tests/eval/goldens/curves/" +
                                   name.toStdString() + ".default.curves.json");
    const posescope::ErrorCurves& baseline = analysis.curves.front();
    QCOMPARE(baseline.error, posescope::ErrorType::Baseline);
    for (const char* key : {"precision", "scores", "recall"}) {
      const json ours = key == std::string("precision") ? json(baseline.precision)
                        : key == std::string("scores")  ? json(baseline.scores)
                                                        : json(baseline.recall);
      const double diff = largestDifference(ours, expected.at(key));
      QVERIFY2(diff <= 1e-9, qPrintable(QString("%1 %2: %3").arg(name, key).arg(diff)));
    }
  }
};

POSESCOPE_TEST_GUILESS_MAIN(TestAnalysisCurves)
#include "tst_analysis_curves.moc"
