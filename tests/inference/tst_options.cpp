// InferenceOptions gathered from the repository's experiment configs, as valid.py reads them.

#include <QtTest>

#include <string>
#include <vector>

#include "common/errors.h"
#include "config/experiment.h"
#include "inference/inference_options.h"
#include "test_support.h"

using namespace posescope;

namespace {

InferenceOptions fromConfig(const std::string& cfg, std::vector<std::string> overrides = {}) {
  ExperimentSpec spec;
  spec.cfgFile = posescope::test::sourceDir() + "/configs/" + cfg;
  spec.overrides = std::move(overrides);
  return inferenceOptionsFromConfig(loadExperiment(spec).cfg);
}

}  // namespace

class TestOptions : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void cocoLitePose() {
    const InferenceOptions o = fromConfig("coco/mobilenet/mobile.yaml");
    QCOMPARE(o.inputSize, int64_t(256));
    QCOMPARE(o.scaleFactors, std::vector<double>{1.0});
    QVERIFY(o.flipTest);
    QVERIFY(o.project2image);
    QVERIFY(o.adjust);
    QVERIFY(o.refine);
    QCOMPARE(o.lossWithHeatmaps, (std::vector<bool>{true, true}));
    QCOMPARE(o.lossWithAe, (std::vector<bool>{true, false}));
    QCOMPARE(o.testWithHeatmaps, (std::vector<bool>{true, true}));
    QCOMPARE(o.testWithAe, (std::vector<bool>{true, false}));
    QCOMPARE(o.numJoints, int64_t(17));
    QVERIFY(o.tagPerJoint);
    QVERIFY(o.normalize);
    QCOMPARE(o.flipIndex,
             (std::vector<int64_t>{0, 2, 1, 4, 3, 6, 5, 8, 7, 10, 9, 12, 11, 14, 13, 16, 15}));
    QCOMPARE(o.parser.numJoints, int64_t(17));
    QCOMPARE(o.parser.maxNumPeople, int64_t(30));
    QCOMPARE(o.parser.detectionThreshold, 0.1);
    QCOMPARE(o.parser.tagThreshold, 1.0);
    QVERIFY(o.parser.useDetectionVal);
    QVERIFY(!o.parser.ignoreTooMuch);
    QCOMPARE(o.parser.nmsKernel, int64_t(5));
    QCOMPARE(o.parser.nmsPadding, int64_t(2));
    QCOMPARE(o.parser.jointOrder,
             (std::vector<int64_t>{0, 1, 2, 3, 4, 5, 6, 11, 12, 7, 8, 9, 10, 13, 14, 15, 16}));
  }

  void overridesAsInTheMultiScaleCase() {
    const InferenceOptions o =
        fromConfig("coco/mobilenet/mobile.yaml",
                   {"TEST.FLIP_TEST", "False", "TEST.SCALE_FACTOR", "[2,1,0.5]"});
    QVERIFY(!o.flipTest);
    QCOMPARE(o.scaleFactors, (std::vector<double>{2.0, 1.0, 0.5}));
  }

  void crowdPoseFlipAndJointOrder() {
    const InferenceOptions o = fromConfig("crowd_pose/mobilenet/mobile.yaml");
    QCOMPARE(o.numJoints, int64_t(14));
    QCOMPARE(o.flipIndex, (std::vector<int64_t>{1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 12, 13}));
    // The COCO order cut to 14 entries, which happens to be a permutation of CrowdPose's joints.
    QCOMPARE(o.parser.jointOrder,
             (std::vector<int64_t>{0, 1, 2, 3, 4, 5, 6, 11, 12, 7, 8, 9, 10, 13}));
  }

  void unknownDatasetHasNoFlipIndex() {
    QVERIFY_THROWS_EXCEPTION(ConfigError,
                             fromConfig("coco/mobilenet/mobile.yaml", {"DATASET.DATASET", "mpii"}));
    // Without flip test the name does not matter, as in the reference.
    const InferenceOptions o = fromConfig("coco/mobilenet/mobile.yaml",
                                          {"DATASET.DATASET", "mpii", "TEST.FLIP_TEST", "False"});
    QVERIFY(o.flipIndex.empty());
  }

  void centerJoint() {
    QCOMPARE(flipIndexFor("coco_kpt", true).back(), int64_t(17));
    QCOMPARE(flipIndexFor("crowd_pose_kpt", true).back(), int64_t(14));
    QCOMPARE(jointOrderFor(18, true, false).front(), int64_t(17));
    QCOMPARE(jointOrderFor(17, true, true).front(), int64_t(0));
  }

  void rejectsUnworkableValues() {
    QVERIFY_THROWS_EXCEPTION(
        ConfigError, fromConfig("coco/mobilenet/mobile.yaml", {"TEST.SCALE_FACTOR", "[2,0.5]"}));
    QVERIFY_THROWS_EXCEPTION(ConfigError,
                             fromConfig("coco/mobilenet/mobile.yaml", {"TEST.NMS_PADDING", "1"}));
  }
};

QTEST_GUILESS_MAIN(TestOptions)
#include "tst_options.moc"
