// The curves file (core/eval/curves.h): the arrays of hand-made scenes worked out by hand, and on
// every metric parity set the arrays pycocotools / crowdposetools computed
// (tests/eval/goldens/curves, made by scripts/reference-curves-goldens), to 1e-9.

#include <QDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>

#include "common/errors.h"
#include "eval/curves.h"
#include "eval/ground_truth.h"
#include "eval/results_io.h"
#include "eval_fixtures.h"
#include "test_support.h"

namespace {

using nlohmann::json;

json readJson(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  return json::parse(in);
}

std::string goldensDir() {
  return posescope::test::sourceDir() + "/tests/eval/goldens/curves";
}

// What scripts/reference_curves.py --split-categories does: category 2 (the same joints) takes
// every annotation and result of the images with an odd id.
void splitCategories(posescope::KeypointGroundTruth& gt,
                     std::vector<posescope::KeypointDetection>& results) {
  posescope::KeypointCategory second = gt.categories.front();
  second.id = 2;
  second.name = "person2";
  gt.categories.push_back(second);
  for (auto& person : gt.annotations) {
    if (person.imageId % 2 != 0) person.categoryId = 2;
  }
  for (auto& d : results) {
    if (d.imageId % 2 != 0) d.categoryId = 2;
  }
}

// What scripts/reference_curves.py --first-joints does: the skeleton cut to its first `joints`
// joints, num_keypoints recounted.
void keepFirstJoints(posescope::KeypointGroundTruth& gt,
                     std::vector<posescope::KeypointDetection>& results, std::size_t joints) {
  for (auto& category : gt.categories) category.keypoints.resize(joints);
  for (auto& person : gt.annotations) {
    person.keypoints.resize(3 * joints);
    person.numKeypoints = 0;
    for (std::size_t k = 0; k < joints; ++k) person.numKeypoints += person.keypoints[3 * k + 2] > 0;
  }
  for (auto& d : results) d.keypoints.resize(3 * joints);
}

// The golden's settings as EvalParams (thresholds, sigmas, area ranges, maxDets, minimum score).
posescope::EvalParams paramsOf(const json& golden, posescope::EvalVariant variant) {
  posescope::EvalParams params = posescope::evalParamsFor(variant);
  params.iouThrs = golden.at("oks_thresholds").get<std::vector<double>>();
  const json& p = golden.at("params");
  if (!p.at("sigmas").is_null()) params.sigmas = p.at("sigmas").get<std::vector<double>>();
  const auto areas = p.at("areas").get<std::vector<std::vector<double>>>();
  for (std::size_t a = 0; a < areas.size(); ++a) {
    params.areas[a].lo = areas[a][0];
    params.areas[a].hi = areas[a][1];
  }
  params.maxDets = golden.at("max_dets").get<std::size_t>();
  if (!p.at("min_score").is_null()) params.minScore = p.at("min_score").get<double>();
  return params;
}

// Compares two nested arrays of numbers element by element; returns the first difference.
QString compareNumbers(const json& ours, const json& theirs, const QString& where) {
  if (ours.is_array() != theirs.is_array()) return where + ": array against number";
  if (!ours.is_array()) {
    const double a = ours.get<double>(), b = theirs.get<double>();
    if (std::fabs(a - b) <= 1e-9) return {};
    return QString("%1: %2, reference %3").arg(where).arg(a, 0, 'g', 17).arg(b, 0, 'g', 17);
  }
  if (ours.size() != theirs.size()) {
    return QString("%1: %2 entries, reference %3").arg(where).arg(ours.size()).arg(theirs.size());
  }
  for (std::size_t i = 0; i < ours.size(); ++i) {
    const QString diff = compareNumbers(ours[i], theirs[i], QString("%1[%2]").arg(where).arg(i));
    if (!diff.isEmpty()) return diff;
  }
  return {};
}

posescope::GroundTruthPerson personOf(std::int64_t id, std::int64_t image, double scale) {
  return evaltest::makePerson(id, image, 17, 10, 10, scale);
}

}  // namespace

class TestEvalCurves : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  // One person found at score .9 (exact joints), one false positive at .6 and a second person
  // missed: precision 1 up to recall .5 (score .9), 0 past it; recall .5 at every threshold.
  void handMadeSceneArrays() {
    auto gt = evaltest::makeGt(17, {1, 2});
    gt.annotations = {personOf(1, 1, 1.0), personOf(2, 2, 1.0)};
    std::vector<posescope::KeypointDetection> dts = {
        evaltest::detectionOn(gt.annotations[0], 0.9),
        evaltest::detectionOn(gt.annotations[1], 0.6, 500, 500)};
    const auto params = posescope::evalParamsFor(posescope::EvalVariant::Coco);
    const auto curves = posescope::evaluateCurves(gt, dts, params);
    QCOMPARE(curves.categories.size(), std::size_t(1));
    const auto& c = curves.categories.front();
    QCOMPARE(curves.areas, (std::vector<std::string>{"all", "medium", "large"}));
    for (std::size_t t = 0; t < 10; ++t) {
      QCOMPARE(c.recall[0][t], 0.5);
      for (std::size_t r = 0; r < 101; ++r) {
        QCOMPARE(c.precision[0][t][r], r <= 50 ? 1.0 : 0.0);
        QCOMPARE(c.scores[0][t][r], r <= 50 ? 0.9 : 0.0);
      }
      // Both people are 40 x 192 px: "medium"; nobody is "large": -1 there, as the reference.
      QCOMPARE(c.recall[1][t], 0.5);
      QCOMPARE(c.recall[2][t], -1.0);
      QCOMPARE(c.precision[2][t][0], -1.0);
      QCOMPARE(c.scores[2][t][0], -1.0);
    }
    QCOMPARE(c.stats, curves.stats);
    QCOMPARE(curves.stats[0], 51.0 / 101.0);

    const json file = json::parse(posescope::formatCurvesJson(curves));
    QCOMPARE(file.at("max_dets").get<std::size_t>(), std::size_t(20));
    QCOMPARE(file.at("scores").at(0).at(3).at(50).get<double>(), 0.9);
    QCOMPARE(file.at("recall").at(2).at(0).get<double>(), -1.0);
    QVERIFY(!file.contains("settings"));
    QVERIFY(!file.contains("categories"));
  }

  // Settings that are not the reference's are named in the file.
  void changedSettingsAreNamed() {
    auto gt = evaltest::makeGt(17, {1});
    gt.annotations = {personOf(1, 1, 1.0)};
    auto params = posescope::evalParamsFor(posescope::EvalVariant::Coco);
    params.iouThrs = {0.5, 0.75};
    const auto curves =
        posescope::evaluateCurves(gt, {evaltest::detectionOn(gt.annotations[0], 0.8)}, params);
    const json file = json::parse(posescope::formatCurvesJson(curves));
    QCOMPARE(file.at("oks_thresholds").size(), std::size_t(2));
    QCOMPARE(file.at("precision").at(0).size(), std::size_t(2));
    QVERIFY(file.at("settings").size() == 1);
  }

  // A summary evaluated with other settings cannot be read with these.
  void otherSettingsAreRefused() {
    auto gt = evaltest::makeGt(17, {1});
    gt.annotations = {personOf(1, 1, 1.0)};
    const auto params = posescope::evalParamsFor(posescope::EvalVariant::Coco);
    const auto summary = posescope::evaluateKeypoints(gt, {}, params);
    auto other = params;
    other.iouThrs = {0.5};
    QVERIFY_THROWS_EXCEPTION(posescope::EvalError, posescope::curvesOf(summary, other, gt));
  }

  void arraysMatchReference_data() {
    QTest::addColumn<QString>("golden");
    const QStringList files = QDir(QString::fromStdString(goldensDir()))
                                  .entryList({"*.curves.json"}, QDir::Files, QDir::Name);
    QVERIFY2(!files.isEmpty(),
             qPrintable("no *.curves.json in " + QString::fromStdString(goldensDir())));
    for (const QString& file : files) QTest::newRow(file.toUtf8().constData()) << file;
  }
  void arraysMatchReference() {
    POSESCOPE_REQUIRE_PARITY(parity);
    QFETCH(QString, golden);
    const json expected = readJson(goldensDir() + "/" + golden.toStdString());
    const std::string name = golden.section('.', 0, 0).toStdString();
    const std::string base = parity + "/eval/" + name;
    const auto variant = expected.at("evaluator") == "crowdposetools"
                             ? posescope::EvalVariant::CrowdPose
                             : posescope::EvalVariant::Coco;
    auto gt = posescope::loadGroundTruth(base + ".gt.json");
    auto results = posescope::loadResults(base + ".results.json");
    const json& settings = expected.at("params");
    if (!settings.at("first_joints").is_null()) {
      keepFirstJoints(gt, results, settings.at("first_joints").get<std::size_t>());
    }
    if (settings.at("split_categories").get<bool>()) splitCategories(gt, results);
    const auto params = paramsOf(expected, variant);
    const json ours =
        json::parse(posescope::formatCurvesJson(posescope::evaluateCurves(gt, results, params)));

    QCOMPARE(ours.at("areas"), expected.at("areas"));
    QCOMPARE(ours.at("max_dets"), expected.at("max_dets"));
    QCOMPARE(ours.at("recall_points"), expected.at("recall_points"));  // numpy's linspace, exact
    QCOMPARE(ours.at("oks_thresholds"), expected.at("oks_thresholds"));
    const bool several = expected.contains("categories");
    QCOMPARE(ours.contains("categories"), several);
    const json& ourCategories = several ? ours.at("categories") : json::array({ours});
    const json& theirCategories = several ? expected.at("categories") : json::array({expected});
    QCOMPARE(ourCategories.size(), theirCategories.size());
    for (std::size_t k = 0; k < theirCategories.size(); ++k) {
      if (several) QCOMPARE(ourCategories[k].at("id"), theirCategories[k].at("id"));
      for (const char* key : {"precision", "scores", "recall"}) {
        const QString diff =
            compareNumbers(ourCategories[k].at(key), theirCategories[k].at(key),
                           QString("%1 category %2 %3").arg(golden).arg(k).arg(key));
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
      }
    }
    // summarize() reads the arrays at maxDets 20 only (other maxDets: -1 throughout).
    if (params.maxDets == 20) {
      const QString diff =
          compareNumbers(ours.at("stats"), expected.at("stats"), golden + " stats");
      QVERIFY2(diff.isEmpty(), qPrintable(diff));
    }
  }
};

POSESCOPE_TEST_GUILESS_MAIN(TestEvalCurves)
#include "tst_eval_curves.moc"
