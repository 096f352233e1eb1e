// Results files as MMPose, Ultralytics YOLO-pose and Detectron2 write them, read as written and
// scored as pycocotools scores them (tests/eval/fixtures/frameworks, README.md there).

#include <QtTest>

#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/errors.h"
#include "eval/ground_truth.h"
#include "eval/keypoint_eval.h"
#include "eval/results_io.h"
#include "expect_eval_error.h"

using namespace posescope;

namespace {

std::string fixture(const std::string& name) {
  return qEnvironmentVariable("POSESCOPE_SOURCE_DIR").toStdString() +
         "/tests/eval/fixtures/frameworks/" + name;
}

std::vector<double> statsOf(const KeypointGroundTruth& gt,
                            const std::vector<KeypointDetection>& detections) {
  return evaluateKeypoints(gt, detections, EvalVariant::Coco).table.values;
}

// One Ultralytics entry for image `imageId` (JSON text: a number or a quoted stem).
std::string ultralyticsEntry(const std::string& imageId, const std::string& extra = "") {
  std::string keypoints;
  for (int j = 0; j < 17; ++j) keypoints += std::string(j ? ", " : "") + "10.5, 20.25, 0.9";
  return R"({"image_id": )" + imageId + R"(, "category_id": 1, "bbox": [1, 2, 30, 40], )" +
         R"("keypoints": [)" + keypoints + R"(], "score": 0.8)" + extra + "}";
}

}  // namespace

class TestFrameworkResults : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() { gt_ = loadGroundTruth(fixture("gt.json")); }

  // Each framework's file scores as pycocotools scores it (goldens.json, made by
  // scripts/reference_framework_goldens.py) and as the same predictions in a plain list.
  void matchesPycocotools_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("plain");
    QTest::newRow("mmpose") << "mmpose.keypoints.json"
                            << "mmpose.coco.json";
    QTest::newRow("ultralytics") << "ultralytics.predictions.json"
                                 << "ultralytics.coco.json";
    QTest::newRow("detectron2") << "detectron2.coco_instances_results.json" << QString();
  }
  void matchesPycocotools() {
    QFETCH(QString, file);
    QFETCH(QString, plain);
    const std::vector<double> stats =
        statsOf(gt_, loadResultsFor(fixture(file.toStdString()), gt_));
    const nlohmann::json goldens = nlohmann::json::parse(std::ifstream(fixture("goldens.json")));
    const auto golden = goldens.at(file.toStdString()).get<std::vector<double>>();
    QCOMPARE(stats.size(), golden.size());
    for (std::size_t i = 0; i < stats.size(); ++i) {
      QVERIFY2(std::abs(stats[i] - golden[i]) <= 1e-9,
               qPrintable(QString("stat %1: %2 vs pycocotools' %3")
                              .arg(i)
                              .arg(stats[i], 0, 'g', 17)
                              .arg(golden[i], 0, 'g', 17)));
    }
    if (!plain.isEmpty()) {
      QCOMPARE(stats, statsOf(gt_, loadResults(fixture(plain.toStdString()))));
    }
  }

  // Ultralytics' stems resolve to the ids the plain list gives, entry by entry; its boxes set
  // the areas (loadRes: the first entry has a bbox), MMPose's absent boxes leave them unset.
  void stringIdsResolveToTheGroundTruthIds() {
    const auto named = loadResultsFor(fixture("ultralytics.predictions.json"), gt_);
    const auto numeric = loadResults(fixture("ultralytics.coco.json"));
    QCOMPARE(named.size(), numeric.size());
    for (std::size_t i = 0; i < named.size(); ++i) {
      QCOMPARE(named[i].imageId, numeric[i].imageId);
      QCOMPARE(named[i].keypoints, numeric[i].keypoints);
      QCOMPARE(named[i].score, numeric[i].score);
      QVERIFY(named[i].area.has_value());
      QCOMPARE(*named[i].area, *numeric[i].area);
    }
    QCOMPARE(named.front().imageId, std::int64_t{11});  // "street_01" of val/street_01.jpg
    for (const auto& d : loadResultsFor(fixture("mmpose.keypoints.json"), gt_))
      QVERIFY(!d.area.has_value());
  }

  // A digits-only string is a stem too: "000000000042" names val/000000000042.jpg (id 42), and
  // "0042" an image with id 7, not 42.
  void digitsOnlyStringIsAStem() {
    auto dets = parseResultsFor("[" + ultralyticsEntry("\"000000000042\"") + "]", "r.json", gt_);
    QCOMPARE(dets.at(0).imageId, std::int64_t{42});
    KeypointGroundTruth gt = gt_;
    gt.images.push_back({7, "other/0042.jpg", 100, 100, std::nullopt});
    dets = parseResultsFor("[" + ultralyticsEntry("\"0042\"") + ", " + ultralyticsEntry("42") + "]",
                           "r.json", gt);
    QCOMPARE(dets.at(0).imageId, std::int64_t{7});
    QCOMPARE(dets.at(1).imageId, std::int64_t{42});  // numeric ids stay ids
  }

  void unknownStemIsAnError() {
    evaltest::expectEvalError(
        [&] {
          parseResultsFor("[" + ultralyticsEntry("\"street_01\"") + ", " +
                              ultralyticsEntry("\"street_02\"") + "]",
                          "preds.json", gt_);
        },
        {"preds.json: result[1]", "\"street_02\"", "no image", gt_.source});
  }

  void ambiguousStemIsAnError() {
    KeypointGroundTruth gt = gt_;
    gt.images.push_back({99, "night/street_01.png", 100, 100, std::nullopt});
    evaltest::expectEvalError(
        [&] { parseResultsFor("[" + ultralyticsEntry("\"street_01\"") + "]", "preds.json", gt); },
        {"preds.json: result[0]", "\"street_01\"", "ambiguous", "'val/street_01.jpg' (id 11)",
         "'night/street_01.png' (id 99)", gt.source});
  }

  // Without a ground truth a stem cannot be resolved: loadResults says so.
  void stringIdNeedsTheGroundTruth() {
    evaltest::expectEvalError(
        [&] { loadResults(fixture("ultralytics.predictions.json")); },
        {"ultralytics.predictions.json: result[0]", "\"street_01\"", "needs the ground truth"});
  }

  // A numeric id of no image stays the evaluation's error.
  void unknownImageIdIsAnError() {
    const auto dets = parseResultsFor("[" + ultralyticsEntry("999") + "]", "preds.json", gt_);
    EvalOptions options;
    options.resultsSource = "preds.json";
    evaltest::expectEvalError([&] { evaluateKeypoints(gt_, dets, EvalVariant::Coco, options); },
                              {"preds.json: result[0]", "image id 999 is not in the ground truth"});
  }

  // A whole COCO file given as the results: said what was expected and what it looks like.
  void groundTruthFileIsNoResultsList() {
    for (const bool withGt : {false, true}) {
      evaltest::expectEvalError(
          [&] {
            withGt ? loadResultsFor(fixture("gt.json"), gt_) : loadResults(fixture("gt.json"));
          },
          {"gt.json: keypoint results must be a JSON list", "a list of results",
           "this looks like a COCO ground-truth file"});
    }
    evaltest::expectEvalError([&] { parseResultsFor(R"({"score": 1})", "r.json", gt_); },
                              {"r.json: keypoint results must be a JSON list"});
  }

  // Fields a framework adds (Ultralytics' "file_name", anything else) are read through and
  // ignored.
  void extraFieldsIgnored() {
    const auto plain =
        parseResultsFor("[" + ultralyticsEntry("\"park_bench\"") + "]", "r.json", gt_);
    const auto extra = parseResultsFor(
        "[" +
            ultralyticsEntry("\"park_bench\"",
                             R"(, "file_name": "park_bench.png", "extra": {"a": [1, null]})") +
            "]",
        "r.json", gt_);
    QCOMPARE(extra.at(0).imageId, std::int64_t{12});
    QCOMPARE(extra.at(0).imageId, plain.at(0).imageId);
    QCOMPARE(extra.at(0).keypoints, plain.at(0).keypoints);
    QCOMPARE(*extra.at(0).area, 1200.0);
  }

 private:
  KeypointGroundTruth gt_;
};

QTEST_GUILESS_MAIN(TestFrameworkResults)
#include "expect_eval_error.h"
#include "tst_framework_results.moc"
