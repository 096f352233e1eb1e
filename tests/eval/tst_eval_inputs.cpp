// Wrong input is an EvalError naming the problem, never a number.

#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

#include <cmath>
#include <fstream>
#include <limits>
#include <thread>
#include <tuple>

#include "common/errors.h"
#include "eval/eval_params.h"
#include "eval/ground_truth.h"
#include "eval/keypoint_eval.h"
#include "eval/results_io.h"
#include "eval_fixtures.h"
#include "expect_eval_error.h"

using namespace posescope;

namespace {

KeypointGroundTruth cocoGt() {
  auto gt = evaltest::makeGt(17, {1, 2});
  gt.annotations = {evaltest::makePerson(1, 1, 17, 0, 0)};
  return gt;
}

std::string writeFile(const QTemporaryDir& dir, const char* name, const std::string& text) {
  const std::string path = dir.filePath(name).toStdString();
  std::ofstream(path) << text;
  return path;
}

const char* kGtJson = R"({
  "images": [{"id": 5, "file_name": "a.jpg", "width": 640, "height": 480}],
  "categories": [{"id": 1, "name": "person", "keypoints": ["a","b","c","d","e","f","g","h","i",
                  "j","k","l","m","n","o","p","q"]}],
  "annotations": [{"id": 7, "image_id": 5, "category_id": 1, "iscrowd": 0, "num_keypoints": 1,
                   "area": 100.0, "bbox": [0, 0, 10, 10],
                   "keypoints": [1,2,2, 0,0,0, 0,0,0, 0,0,0, 0,0,0, 0,0,0, 0,0,0, 0,0,0, 0,0,0,
                                 0,0,0, 0,0,0, 0,0,0, 0,0,0, 0,0,0, 0,0,0, 0,0,0, 0,0,0]}]
})";

std::string resultJson(const std::string& keypoints, const std::string& extra = "") {
  return R"([{"image_id": 5, "category_id": 1, "score": 0.5, "keypoints": [)" + keypoints + "]" +
         extra + "}]";
}

std::string kps(int joints) {
  std::string text;
  for (int k = 0; k < joints; ++k) text += std::string(k ? ", " : "") + "1, 2, 0.5";
  return text;
}

}  // namespace

class TestEvalInputs : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void resultsForUnknownImages() {
    auto d = evaltest::detectionOn(cocoGt().annotations[0], 0.5);
    d.imageId = 99;
    evaltest::expectEvalError(
        [&] { evaluateKeypoints(cocoGt(), {d}, EvalVariant::Coco); },
        {"image id 99", "not in the ground truth", "test-gt.json", "detection #0"});
  }
  void resultsForUnknownCategories() {
    auto d = evaltest::detectionOn(cocoGt().annotations[0], 0.5);
    d.categoryId = 3;
    evaltest::expectEvalError([&] { evaluateKeypoints(cocoGt(), {d}, EvalVariant::Coco); },
                              {"category id 3"});
  }
  void wrongKeypointCount() {
    auto d = evaltest::detectionOn(cocoGt().annotations[0], 0.5);
    d.keypoints.resize(14 * 3);
    evaltest::expectEvalError([&] { evaluateKeypoints(cocoGt(), {d}, EvalVariant::Coco); },
                              {"42 keypoint values", "51"});
  }
  void nanAndInfinity() {
    auto d = evaltest::detectionOn(cocoGt().annotations[0], 0.5);
    d.keypoints[4] = std::numeric_limits<double>::quiet_NaN();
    evaltest::expectEvalError([&] { evaluateKeypoints(cocoGt(), {d}, EvalVariant::Coco); },
                              {"keypoints[4]", "not finite"});
    d = evaltest::detectionOn(cocoGt().annotations[0], 0.5);
    d.score = std::numeric_limits<double>::infinity();
    evaltest::expectEvalError([&] { evaluateKeypoints(cocoGt(), {d}, EvalVariant::Coco); },
                              {"score", "not finite"});
    // JSON has no NaN, but Python writes it; huge exponents overflow to infinity.
    evaltest::expectEvalError(
        [&] { parseResults(resultJson("NaN, " + kps(17).substr(3)), "r.json"); },
        {"r.json", "result[0]", "keypoints[0]", "not finite"});
    evaltest::expectEvalError(
        [&] { parseResults(resultJson("1e999, " + kps(17).substr(3)), "r.json"); },
        {"r.json", "keypoints[0]", "not finite"});
    evaltest::expectEvalError(
        [&] { parseResults(resultJson(kps(17), R"(, "score": -Infinity)"), "r.json"); },
        {"'score'", "not finite"});
  }
  void groundTruthWithoutKeypointCategory() {
    auto gt = cocoGt();
    gt.categories[0].keypoints.clear();
    evaltest::expectEvalError([&] { evaluateKeypoints(gt, {}, EvalVariant::Coco); },
                              {"test-gt.json", "no category has 'keypoints'"});
  }
  void variantMustFitTheGroundTruth() {
    evaltest::expectEvalError([&] { evaluateKeypoints(cocoGt(), {}, EvalVariant::CrowdPose); },
                              {"17 keypoints", "crowdpose", "14"});
    auto gt = evaltest::makeGt(14, {1});
    evaltest::expectEvalError([&] { evaluateKeypoints(gt, {}, EvalVariant::CrowdPose); },
                              {"crowdIndex", "images[0]"});
    auto noArea = cocoGt();
    noArea.annotations[0].area.reset();
    evaltest::expectEvalError([&] { evaluateKeypoints(noArea, {}, EvalVariant::Coco); },
                              {"annotations[0]", "'area'"});
  }
  void malformedJsonNamesFileAndPosition() {
    QTemporaryDir dir;
    const std::string path = writeFile(dir, "broken.json", "{\"images\": [\n  {\"id\": 1},,\n]}");
    evaltest::expectEvalError([&] { loadGroundTruth(path); },
                              {path, "malformed JSON", "line 2", "column"});
    const std::string results = writeFile(dir, "results.json", "[{\"image_id\": 1 ");
    evaltest::expectEvalError([&] { loadResults(results); }, {results, "malformed JSON"});
    evaltest::expectEvalError([&] { loadResults(dir.filePath("missing.json").toStdString()); },
                              {"missing.json", "cannot open"});
  }
  void filesLoadWhateverTheirSizeOrKind() {
    QTemporaryDir dir;
    // Past 2 MiB a file goes into a huge-page buffer: the same detections as from the text.
    std::string many = "[";
    for (int i = 0; i < 20000; ++i) {
      many += std::string(i ? ",\n" : "") + R"({"image_id": 5, "category_id": 1, "score": )" +
              std::to_string(i) + R"(e-5, "keypoints": [)" + kps(17) + "]}";
    }
    many += "]";
    QVERIFY(many.size() > (std::size_t(2) << 20));
    const auto fromFile = loadResults(writeFile(dir, "many.json", many));
    const auto fromText = parseResults(many, "many.json");
    QCOMPARE(fromFile.size(), std::size_t(20000));
    QCOMPARE(fromFile.back().score, fromText.back().score);
    QCOMPARE(fromFile.back().keypoints, fromText.back().keypoints);
    // A pipe has no size up front (a shell's <(...) gives one): read until its end.
    const std::string fifo = dir.filePath("pipe.json").toStdString();
    QCOMPARE(mkfifo(fifo.c_str(), 0600), 0);
    std::thread writer([&] { std::ofstream(fifo) << many; });
    const auto fromPipe = loadResults(fifo);
    writer.join();
    QCOMPARE(fromPipe.size(), fromFile.size());
    evaltest::expectEvalError([&] { loadGroundTruth(dir.path().toStdString()); },
                              {dir.path().toStdString(), "cannot read", "directory"});
  }
  void jsonAsPythonWritesIt() {
    // json.load reads NaN / Infinity anywhere and integral floats as ids; only the fields the
    // evaluation uses must be finite.
    std::string gt = kGtJson;
    gt.replace(gt.find("\"area\": 100.0"), 13,
               "\"area\": 100.0, \"score\": NaN, \"x\": [-Infinity]");
    gt.replace(gt.find("\"id\": 7"), 7, "\"id\": 7.0");
    QCOMPARE(parseGroundTruth(gt, "g.json").annotations[0].id, std::int64_t(7));
    gt = kGtJson;
    gt.replace(gt.find("\"area\": 100.0"), 13, "\"area\": Infinity");
    evaltest::expectEvalError([&] { parseGroundTruth(gt, "g.json"); },
                              {"g.json", "annotations[0]", "'area'", "not finite"});
    // Integers beyond 64 bits are numbers (not integers an id can hold).
    gt = kGtJson;
    gt.replace(gt.find("\"id\": 7"), 7, "\"id\": 18446744073709551616");
    evaltest::expectEvalError([&] { parseGroundTruth(gt, "g.json"); },
                              {"g.json", "annotations[0]", "'id' must be an integer"});
    // Underflow gives zero, as in Python.
    const auto dets = parseResults(resultJson("1e-999, " + kps(17).substr(3)), "r.json");
    QCOMPARE(dets[0].keypoints[0], 0.0);
  }
  void escapesReadAsJsonLoadReadsThem() {
    // Keys and strings without escapes are read from the text itself, the others unescaped.
    std::string gt = kGtJson;
    gt.replace(gt.find("\"image_id\": 5"), 13, "\"image\\u005fid\": 5");
    gt.replace(gt.find("\"a.jpg\""), 7, "\"caf\\u00e9 \\\"1\\\".jpg\"");
    gt.replace(gt.find("\"name\": \"person\""), 16, "\"name\": \"per\\/son\"");
    const auto parsed = parseGroundTruth(gt, "g.json");
    QCOMPARE(parsed.annotations[0].imageId, std::int64_t(5));
    QCOMPARE(parsed.images[0].fileName, std::string("caf\xc3\xa9 \"1\".jpg"));
    QCOMPARE(parsed.categories[0].name, std::string("per/son"));
    QCOMPARE(parseGroundTruth(kGtJson, "g.json").images[0].fileName, std::string("a.jpg"));
    const auto dets = parseResults(
        "[{\"image_id\": 5, \"category\\u005fid\": 1, \"score\": 0.5, \"keypoints\": [" + kps(17) +
            "]}]",
        "r.json");
    QCOMPARE(dets[0].categoryId, std::int64_t(1));
    // A bad escape is malformed JSON, in a key as in a string nobody reads.
    gt = kGtJson;
    gt.replace(gt.find("\"width\""), 7, "\"wid\\qth\"");
    evaltest::expectEvalError([&] { parseGroundTruth(gt, "g.json"); },
                              {"g.json", "malformed JSON"});
    evaltest::expectEvalError(
        [&] { parseResults(resultJson(kps(17), ", \"note\": \"a\\qb\""), "r.json"); },
        {"r.json", "malformed JSON"});
  }
  void malformedJsonAnywhereIsAnError() {
    // Fields the loaders do not use are read through too: json.load would refuse these files.
    std::string gt = kGtJson;
    gt.replace(gt.find("\"width\""), 7, "\"extra\": [1, tru], \"width\"");
    evaltest::expectEvalError([&] { parseGroundTruth(gt, "g.json"); },
                              {"g.json", "malformed JSON", "line 2", "column"});
    gt = kGtJson;
    gt.replace(gt.find("\"width\""), 7, "\"extra\": {\"a\": 1 \"b\": 2}, \"width\"");
    evaltest::expectEvalError([&] { parseGroundTruth(gt, "g.json"); },
                              {"g.json", "malformed JSON"});
    evaltest::expectEvalError([&] { parseResults(resultJson(kps(17)) + " []", "r.json"); },
                              {"r.json", "malformed JSON", "line 1", "unexpected text"});
    evaltest::expectEvalError(
        [&] { parseResults(resultJson(kps(17), ", \"note\": \"open"), "r.json"); },
        {"r.json", "malformed JSON"});
    evaltest::expectEvalError(
        [&] { parseResults(resultJson(kps(17), ", \"note\": \"\xff\""), "r.json"); },
        {"r.json", "malformed JSON", "UTF-8"});
    evaltest::expectEvalError(
        [&] { parseResults(resultJson("01, " + kps(17).substr(3)), "r.json"); },
        {"r.json", "malformed JSON", "invalid number"});
    evaltest::expectEvalError([&] { parseResults("", "r.json"); }, {"r.json", "malformed JSON"});
  }
  void missingAndMistypedFields() {
    evaltest::expectEvalError(
        [&] {
          parseResults(R"([{"image_id": 5, "category_id": 1, "keypoints": [1,2,3]}])", "r.json");
        },
        {"r.json", "result[0]", "'score'"});
    evaltest::expectEvalError(
        [&] { parseResults(resultJson(kps(17), R"(, "score": "high")"), "r.json"); },
        {"must be a number"});
    evaltest::expectEvalError([&] { parseResults(R"({"image_id": 5})", "r.json"); }, {"JSON list"});
    std::string gt = kGtJson;
    gt.replace(gt.find("\"iscrowd\": 0,"), 13, "");
    evaltest::expectEvalError([&] { parseGroundTruth(gt, "g.json"); },
                              {"g.json", "annotations[0]", "iscrowd"});
  }
  void annotationsOfUnlistedImagesOrCategoriesAreLeftOutWithAWarning() {
    // pycocotools evaluates the listed images and categories only (a subset made by dropping
    // images often keeps their annotations): read, left out, said once.
    for (const auto& [from, to, said] :
         {std::tuple{"\"image_id\": 5", "\"image_id\": 6", "image_id 6 is not in 'images'"},
          std::tuple{"\"category_id\": 1", "\"category_id\": 3",
                     "category_id 3 is not in 'categories'"}}) {
      std::string gt = kGtJson;
      gt.replace(gt.find(from), std::string(from).size(), to);
      const KeypointGroundTruth read = parseGroundTruth(gt, "g.json");
      QVERIFY(read.annotations.empty());
      QCOMPARE(read.warnings.size(), std::size_t(1));
      for (const char* part : {"g.json", "1 annotation of", "annotations[0]", said})
        QVERIFY2(read.warnings[0].find(part) != std::string::npos, read.warnings[0].c_str());
    }
  }
  void skeletonThatDoesNotFitIsReadWithoutItsBadLimbs() {
    // pycocotools and crowdposetools never read the skeleton (CrowdPose's own file carries COCO's
    // 17-joint limbs on 14 joints): a limb that does not fit is dropped with a warning naming the
    // file and the field. Fuzz finding (fuzz_annotations): 5.5e25 was once cast to int unchecked.
    const std::pair<const char*, const char*> cases[] = {
        {"[5.55556e+25, 2]", "not a pair of 1-based joint numbers"},
        {"[1, -3]", "not a pair of 1-based joint numbers"},
        {"[1.5, 2]", "not a pair of 1-based joint numbers"},
        {"[1, 2, 3]", "not a pair of 1-based joint numbers"},
        {"[\"a\", 2]", "not a pair of 1-based joint numbers"},
        {"[0, 1]", "outside its 17 keypoints (the first joins joints 0 and 1)"},
        {"[1, 18]", "outside its 17 keypoints (the first joins joints 1 and 18)"}};
    for (const auto& [ends, said] : cases) {
      std::string gt = kGtJson;
      gt.replace(gt.find("\"keypoints\": [\"a\""), 14,
                 std::string("\"skeleton\": [[1, 2], ") + ends + "], \"keypoints\": [");
      const KeypointGroundTruth read = parseGroundTruth(gt, "g.json");
      QCOMPARE(read.annotations.size(), std::size_t(1));
      const KeypointCategory& category = read.categories.at(0);
      QCOMPARE(category.limbs, (std::vector<std::pair<int, int>>{{0, 1}}));
      QVERIFY(category.skeletonDoesNotFit);
      QCOMPARE(read.warnings.size(), std::size_t(1));
      for (const char* part : {"g.json", "categories[0]", "'skeleton'", said})
        QVERIFY2(read.warnings[0].find(part) != std::string::npos, read.warnings[0].c_str());
    }
    std::string gt = kGtJson;
    gt.replace(gt.find("\"keypoints\": [\"a\""), 14, "\"skeleton\": {}, \"keypoints\": [");
    QVERIFY(parseGroundTruth(gt, "g.json").warnings.at(0).find("not a list") != std::string::npos);
    gt = kGtJson;
    gt.replace(gt.find("\"keypoints\": [\"a\""), 14,
               "\"skeleton\": [[1, 2], [17, 16]], \"keypoints\": [");
    const KeypointGroundTruth fitting = parseGroundTruth(gt, "g.json");
    QVERIFY(fitting.warnings.empty());
    QVERIFY(!fitting.categories[0].skeletonDoesNotFit);
    QCOMPARE(fitting.categories[0].limbs, (std::vector<std::pair<int, int>>{{0, 1}, {16, 15}}));
  }
  void resultsFileAreas() {
    // loadRes: a "bbox" on the first entry makes every area bbox w*h.
    auto dets = parseResults(resultJson(kps(17), R"(, "bbox": [0, 0, 3, 5])"), "r.json");
    QCOMPARE(dets.size(), size_t(1));
    QVERIFY(dets[0].area.has_value());
    QCOMPARE(*dets[0].area, 15.0);
    dets = parseResults(resultJson(kps(17)), "r.json");
    QVERIFY(!dets[0].area.has_value());
    QCOMPARE(dets[0].keypoints.size(), size_t(51));
    // An empty list is valid (pycocotools itself cannot load it).
    QVERIFY(parseResults("[]", "r.json").empty());
    const auto gt = parseGroundTruth(kGtJson, "g.json");
    QCOMPARE(gt.images[0].width, 640);
    QCOMPARE(gt.annotations[0].id, std::int64_t(7));
    const auto s =
        evaluateKeypoints(gt, parseResults(resultJson(kps(17)), "r.json"), EvalVariant::Coco);
    QCOMPARE(s.table.values.size(), size_t(10));
  }
  void datasetNames() {
    QVERIFY(variantFromDatasetName("coco") == EvalVariant::Coco);
    QVERIFY(variantFromDatasetName("crowd_pose") == EvalVariant::CrowdPose);
    QVERIFY(variantFromDatasetName("crowdpose") == EvalVariant::CrowdPose);
    evaltest::expectEvalError([] { variantFromDatasetName("mpii"); }, {"mpii"});
  }
};

QTEST_GUILESS_MAIN(TestEvalInputs)
#include "tst_eval_inputs.moc"
