// Keypoint layouts other than COCO's and CrowdPose's: sigmas never guessed, skeleton files read
// strictly, categories sharing a layout evaluated together, and the stats of two non-human
// skeletons equal to pycocotools' own (tests/eval/fixtures/skeletons, with the command that made
// them).

#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>

#include "common/errors.h"
#include "eval/curves.h"
#include "eval/ground_truth.h"
#include "eval/keypoint_eval.h"
#include "eval/keypoint_layout.h"
#include "eval/results_io.h"
#include "test_support.h"

using namespace posescope;

namespace {

std::string fixture(const std::string& name) {
  return test::sourceDir() + "/tests/eval/fixtures/skeletons/" + name;
}

nlohmann::json readJson(const std::string& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

/// The message of the EvalError `f` throws; fails the test when it throws none.
template <typename F>
QString errorOf(F&& f) {
  try {
    f();
  } catch (const EvalError& e) {
    return QString::fromStdString(e.what());
  }
  return "(no error)";
}

KeypointGroundTruth cocoLayoutGroundTruth(std::vector<std::string> joints) {
  KeypointGroundTruth gt;
  gt.source = "gt.json";
  gt.categories.push_back({1, "person", std::move(joints), {}});
  return gt;
}

void compareStats(const std::vector<double>& ours, const nlohmann::json& golden) {
  QCOMPARE(ours.size(), golden.size());
  for (std::size_t i = 0; i < ours.size(); ++i) {
    if (std::fabs(ours[i] - golden[i].get<double>()) > 1e-9) {
      QFAIL(qPrintable(QString("stat %1: %2, pycocotools %3")
                           .arg(i)
                           .arg(ours[i], 0, 'g', 17)
                           .arg(golden[i].get<double>(), 0, 'g', 17)));
    }
  }
}

}  // namespace

class TestKeypointLayout : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void referenceLayoutsAreRecognisedByTheirNames() {
    const auto coco = resolveKeypointLayout(
        cocoLayoutGroundTruth(referenceSkeleton(EvalVariant::Coco).joints), {});
    QCOMPARE(coco.variant, EvalVariant::Coco);
    QVERIFY(coco.isReference());
    QCOMPARE(coco.skeleton.sigmas, evalParamsFor(EvalVariant::Coco).sigmas);
    const auto crowd = resolveKeypointLayout(
        cocoLayoutGroundTruth(referenceSkeleton(EvalVariant::CrowdPose).joints), {});
    QCOMPARE(crowd.variant, EvalVariant::CrowdPose);
    QCOMPARE(crowd.skeleton.flipIndex, referenceSkeleton(EvalVariant::CrowdPose).flipIndex);
  }

  // Issue 51: CrowdPose ships COCO's 17-joint skeleton on its 14 joints. The overlays draw
  // CrowdPose's own limbs, as the reference's visualiser does; a COCO file whose skeleton names
  // joints 0 and 18 draws COCO's.
  void referenceJointsWithASkeletonThatDoesNotFitDrawTheReferencesLimbs() {
    const KeypointLayout coco = resolveKeypointLayout(
        loadGroundTruth(test::sourceDir() +
                        "/tests/eval/fixtures/conformance/coco_skeleton_out_of_range.gt.json"),
        {});
    QCOMPARE(coco.skeleton.limbs, referenceSkeleton(EvalVariant::Coco).limbs);
    POSESCOPE_REQUIRE_PARITY(parity);
    const KeypointGroundTruth crowdFile =
        loadGroundTruth(parity + "/data/crowdpose/json/crowdpose_test.json");
    QVERIFY(crowdFile.categories.at(0).skeletonDoesNotFit);
    const KeypointLayout crowd = resolveKeypointLayout(crowdFile, {});
    QCOMPARE(crowd.variant, EvalVariant::CrowdPose);
    QCOMPARE(crowd.skeleton.limbs, referenceSkeleton(EvalVariant::CrowdPose).limbs);
    QCOMPARE(crowd.skeleton.limbColours, referenceSkeleton(EvalVariant::CrowdPose).limbColours);
  }

  void aNamedDatasetReadsItsOwnFilesByCount() {
    // valid.py scores its dataset's files with the dataset's sigmas whatever the joints are named.
    std::vector<std::string> generic;
    for (int k = 0; k < 14; ++k) generic.push_back("k" + std::to_string(k));
    LayoutChoice choice;
    choice.dataset = EvalVariant::CrowdPose;
    const auto layout = resolveKeypointLayout(cocoLayoutGroundTruth(generic), choice);
    QCOMPARE(layout.variant, EvalVariant::CrowdPose);
    QCOMPARE(layout.skeleton.sigmas, evalParamsFor(EvalVariant::CrowdPose).sigmas);
    // Unnamed joints have no sides: the dataset's own pairs.
    QCOMPARE(layout.skeleton.flipIndex, referenceSkeleton(EvalVariant::CrowdPose).flipIndex);
  }

  void sigmasOfAnotherLayoutAreNeverGuessed() {
    // AP-10K's 17 joints are not COCO's: the count alone must not pick COCO's sigmas.
    const auto gt = loadGroundTruth(fixture("ap10k_like.gt.json"));
    const QString message = errorOf([&] { resolveKeypointLayout(gt, {}); });
    QVERIFY2(message.contains("category 1 ('dog') has 17 joints"), qPrintable(message));
    QVERIFY2(message.contains("--sigmas (17 values") && message.contains("--skeleton"),
             qPrintable(message));
    const auto mouse = loadGroundTruth(fixture("mouse6.gt.json"));
    QVERIFY(errorOf([&] { resolveKeypointLayout(mouse, {}); }).contains("has 6 joints"));
    LayoutChoice wrongCount;
    wrongCount.sigmas = std::vector<double>(5, 0.05);
    QVERIFY(errorOf([&] {
              resolveKeypointLayout(mouse, wrongCount);
            }).contains("--sigmas: 5 values, but"));
  }

  void aSkeletonFileGivesSigmasFlipPairsAndLimbs() {
    const Skeleton file = loadSkeletonFile(fixture("ap10k_like.skeleton.json"));
    LayoutChoice choice;
    choice.skeletonFile = file;
    choice.skeletonSource = "ap10k_like.skeleton.json";
    const auto layout =
        resolveKeypointLayout(loadGroundTruth(fixture("ap10k_like.gt.json")), choice);
    QCOMPARE(layout.categoryIds, (std::vector<std::int64_t>{1, 2, 3}));
    QCOMPARE(layout.skeleton.sigmas, file.sigmas);
    QCOMPARE(layout.sigmasFrom, std::string("ap10k_like.skeleton.json"));
    QVERIFY(!layout.isReference());
    // left_/right_ names pair up: left_eye (0) mirrors right_eye (1), the nose (2) itself.
    QCOMPARE(layout.skeleton.flipIndex[0], 1);
    QCOMPARE(layout.skeleton.flipIndex[2], 2);
    QCOMPARE(layout.skeleton.limbs.front(), (std::pair<int, int>{0, 1}));
    // The file written back reads the same.
    const Skeleton again = parseSkeleton(formatSkeletonJson(layout.skeleton), "again");
    QCOMPARE(again.joints, layout.skeleton.joints);
    QCOMPARE(again.sigmas, layout.skeleton.sigmas);
    QCOMPARE(again.flipIndex, layout.skeleton.flipIndex);
    QCOMPARE(again.limbs, layout.skeleton.limbs);
  }

  void aSkeletonFileForOtherJointsIsRefused() {
    Skeleton file = loadSkeletonFile(fixture("mouse6.skeleton.json"));
    std::swap(file.joints[1], file.joints[2]);
    LayoutChoice choice;
    choice.skeletonFile = file;
    choice.skeletonSource = "mouse.json";
    const QString message =
        errorOf([&] { resolveKeypointLayout(loadGroundTruth(fixture("mouse6.gt.json")), choice); });
    QVERIFY2(message.contains("mouse.json: its keypoints differ") &&
                 message.contains("joint 2 is 'right_ear' there, 'left_ear' in the ground truth"),
             qPrintable(message));
  }

  void malformedSkeletonFilesNameTheKey_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("not json") << "{"
                              << "s.json: not valid JSON";
    // Fuzz finding (fuzz_skeleton): nlohmann's number overflow escaped as its own exception.
    QTest::newRow("number overflow") << R"({"keypoints": ["a"], "sigmas": [40e615]})"
                                     << "s.json: a number out of range";
    QTest::newRow("unknown key") << R"({"keypoints": ["a"], "sigmas": [0.1], "sigma": 1})"
                                 << "unknown key 'sigma'";
    QTest::newRow("twice") << R"({"keypoints": ["a", "a"], "sigmas": [0.1, 0.1]})"
                           << "'keypoints' names 'a' twice";
    QTest::newRow("count") << R"({"keypoints": ["a", "b"], "sigmas": [0.1]})"
                           << "1 sigmas for 2 keypoints";
    QTest::newRow("negative") << R"({"keypoints": ["a"], "sigmas": [-0.1]})"
                              << "sigmas[0] must be a positive number";
    QTest::newRow("unknown limb joint")
        << R"({"keypoints": ["a", "b"], "sigmas": [0.1, 0.1], "limbs": [["a", "c"]]})"
        << "limbs[0]: 'c' is not one of the keypoints";
    QTest::newRow("limb number")
        << R"({"keypoints": ["a", "b"], "sigmas": [0.1, 0.1], "limbs": [[1, 3]]})"
        << "limbs[0]: a joint is a keypoint name or a number from 1 to 2";
    QTest::newRow("paired twice") << R"({"keypoints": ["l", "r", "m"], "sigmas": [1, 1, 1],
        "flip_pairs": [["l", "r"], ["l", "m"]]})"
                                  << "paired twice";
    QTest::newRow("colour") << R"({"keypoints": ["a", "b"], "sigmas": [0.1, 0.1],
        "limbs": [["a", "b"]], "limb_colors": ["red"]})"
                            << "limb_colors[0] must be a colour written \"#rrggbb\"";
    QTest::newRow("colour count") << R"({"keypoints": ["a", "b"], "sigmas": [0.1, 0.1],
        "limbs": [["a", "b"]], "limb_colors": []})"
                                  << "one colour per limb (1)";
  }
  void malformedSkeletonFilesNameTheKey() {
    QFETCH(QString, text);
    QFETCH(QString, expected);
    const QString message = errorOf([&] { parseSkeleton(text.toStdString(), "s.json"); });
    QVERIFY2(message.startsWith("s.json") && message.contains(expected), qPrintable(message));
  }

  void categoriesWithDifferentLayoutsNeedACategory() {
    KeypointGroundTruth gt = cocoLayoutGroundTruth(referenceSkeleton(EvalVariant::Coco).joints);
    gt.categories.push_back({7, "mouse", {"snout", "tail"}, {}});
    gt.annotations.push_back({1, 1, 7, {1, 1, 2, 2, 2, 2}, {0, 0, 1, 1}, 1.0, 2, false});
    QVERIFY(errorOf([&] {
              resolveKeypointLayout(gt, {});
            }).contains("have different keypoints; pick one with --category ID"));
    LayoutChoice choice;
    choice.categoryId = 1;
    const auto layout = resolveKeypointLayout(gt, choice);
    QVERIFY(layout.restricted);
    QCOMPARE(groundTruthOfLayout(gt, layout).annotations.size(), std::size_t{0});
    QCOMPARE(groundTruthOfLayout(gt, layout).categories.size(), std::size_t{1});
    std::vector<KeypointDetection> detections(2);
    detections[1].categoryId = 7;
    QCOMPARE(detectionsOfLayout(detections, layout).size(), std::size_t{1});
    choice.categoryId = 9;
    QVERIFY(errorOf([&] {
              resolveKeypointLayout(gt, choice);
            }).contains("category 9 is not in 'categories'"));
  }

  void statsEqualPycocotools_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("fromFile");
    QTest::newRow("mouse6, --sigmas") << "mouse6" << false;
    QTest::newRow("mouse6, skeleton file") << "mouse6" << true;
    QTest::newRow("ap10k_like (3 categories), skeleton file") << "ap10k_like" << true;
  }
  void statsEqualPycocotools() {
    QFETCH(QString, name);
    QFETCH(bool, fromFile);
    const std::string base = fixture(name.toStdString());
    const auto gt = loadGroundTruth(base + ".gt.json");
    const auto results = loadResults(base + ".results.json");
    const Skeleton skeleton = loadSkeletonFile(base + ".skeleton.json");
    LayoutChoice choice;
    if (fromFile) {
      choice.skeletonFile = skeleton;
    } else {
      choice.sigmas = skeleton.sigmas;
    }
    const KeypointLayout layout = resolveKeypointLayout(gt, choice);
    const EvalParams params = evalParamsFor(layout);
    const EvalSummary summary = evaluateKeypoints(gt, results, params);
    const nlohmann::json golden = readJson(base + ".stats.json");
    compareStats(summary.table.values, golden.at("stats"));
    // Each category alone, as pycocotools with params.catIds = [id].
    const EvalCurves curves = curvesOf(summary, params, gt);
    QCOMPARE(curves.categories.size(), golden.at("categories").size());
    for (const CategoryCurves& c : curves.categories)
      compareStats(c.stats, golden.at("categories").at(std::to_string(c.categoryId)));
  }

  void theCategoryTableListsEachCategory() {
    const std::string base = fixture("ap10k_like");
    const auto gt = loadGroundTruth(base + ".gt.json");
    LayoutChoice choice;
    choice.skeletonFile = loadSkeletonFile(base + ".skeleton.json");
    const EvalParams params = evalParamsFor(resolveKeypointLayout(gt, choice));
    const EvalSummary summary = evaluateKeypoints(gt, loadResults(base + ".results.json"), params);
    const QString table =
        QString::fromStdString(formatCategoryTable(curvesOf(summary, params, gt)));
    QVERIFY2(table.startsWith("| Category | AP | Ap .5 |"), qPrintable(table));
    QVERIFY2(table.contains("| dog (id 1) | 0.267 |"), qPrintable(table));
    QVERIFY2(table.contains("| horse (id 3) | 0.231 |"), qPrintable(table));
  }
};

POSESCOPE_TEST_GUILESS_MAIN(TestKeypointLayout)
#include "tst_keypoint_layout.moc"
