#include "inference/inference_options.h"

#include <algorithm>

#include "common/errors.h"
#include "config/config_node.h"

namespace posescope {

namespace {

// build.py's FLIP_CONFIG.
const std::vector<int64_t> kCocoFlip{0, 2, 1, 4, 3, 6, 5, 8, 7, 10, 9, 12, 11, 14, 13, 16, 15};
const std::vector<int64_t> kCrowdPoseFlip{1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 12, 13};

// group.py's joint order (0-based), used for every dataset.
const std::vector<int64_t> kJointOrder{0, 1, 2, 3, 4, 5, 6, 11, 12, 7, 8, 9, 10, 13, 14, 15, 16};
const int64_t kCenterJoint = 17;

[[noreturn]] void fail(const std::string& key, const std::string& why) {
  throw ConfigError("inference options: " + key + " " + why);
}

}  // namespace

std::vector<int64_t> flipIndexFor(const std::string& datasetName, bool withCenter) {
  std::vector<int64_t> index;
  if (datasetName.find("coco") != std::string::npos) {
    index = kCocoFlip;
  } else if (datasetName.find("crowd_pose") != std::string::npos) {
    index = kCrowdPoseFlip;
  } else {
    throw ConfigError("DATASET.DATASET '" + datasetName +
                      "' has no flip index (the reference knows names containing 'coco' or "
                      "'crowd_pose')");
  }
  if (withCenter) index.push_back(static_cast<int64_t>(index.size()));
  return index;
}

std::vector<int64_t> jointOrderFor(int64_t numJoints, bool withCenter, bool ignoreCenter) {
  std::vector<int64_t> order;
  if (withCenter && !ignoreCenter) order.push_back(kCenterJoint);
  order.insert(order.end(), kJointOrder.begin(), kJointOrder.end());
  if (numJoints >= 0 && static_cast<size_t>(numJoints) < order.size()) order.resize(numJoints);
  return order;
}

void ParserOptions::validate() const {
  if (numJoints <= 0) fail("DATASET.NUM_JOINTS", "must be positive");
  if (maxNumPeople <= 0) fail("DATASET.MAX_NUM_PEOPLE", "must be positive");
  if (nmsKernel <= 0) fail("TEST.NMS_KERNEL", "must be positive");
  if (nmsPadding < 0 || 2 * nmsPadding + 1 != nmsKernel) {
    fail("TEST.NMS_PADDING", "must be (TEST.NMS_KERNEL - 1) / 2 so that NMS keeps the map size");
  }
  if (static_cast<int64_t>(jointOrder.size()) != numJoints) {
    fail("DATASET.NUM_JOINTS", "has no matching joint order (the reference's order lists " +
                                   std::to_string(jointOrder.size()) + " joints)");
  }
  for (int64_t j : jointOrder) {
    if (j < 0 || j >= numJoints) {
      fail("DATASET.NUM_JOINTS",
           "is too small for the reference's joint order (it names joint " + std::to_string(j) +
               "; with DATASET.WITH_CENTER and not TEST.IGNORE_CENTER only COCO works)");
    }
  }
}

void InferenceOptions::validate() const {
  if (inputSize <= 0) fail("DATASET.INPUT_SIZE", "must be positive");
  if (scaleFactors.empty()) fail("TEST.SCALE_FACTOR", "must list at least one scale");
  for (double s : scaleFactors) {
    if (!(s > 0.0)) fail("TEST.SCALE_FACTOR", "must hold positive scales");
  }
  if (scaleFactors.size() > 1 &&
      std::find(scaleFactors.begin(), scaleFactors.end(), 1.0) == scaleFactors.end()) {
    fail("TEST.SCALE_FACTOR",
         "must contain 1 when it lists several scales (tag maps are taken "
         "at scale 1 only)");
  }
  const size_t stages = lossWithHeatmaps.size();
  if (stages == 0) fail("LOSS.WITH_HEATMAPS_LOSS", "must have one entry per output stage");
  if (lossWithAe.size() != stages) fail("LOSS.WITH_AE_LOSS", "must have LOSS.NUM_STAGES entries");
  if (testWithHeatmaps.size() != stages)
    fail("TEST.WITH_HEATMAPS", "must have LOSS.NUM_STAGES entries");
  if (testWithAe.size() != stages) fail("TEST.WITH_AE", "must have LOSS.NUM_STAGES entries");
  bool anyHeatmaps = false;
  bool anyTags = false;
  for (size_t i = 0; i < stages; ++i) {
    anyHeatmaps = anyHeatmaps || (lossWithHeatmaps[i] && testWithHeatmaps[i]);
    anyTags = anyTags || (lossWithAe[i] && testWithAe[i]);
  }
  if (!anyHeatmaps) fail("TEST.WITH_HEATMAPS", "selects no stage with heatmaps");
  if (!anyTags) fail("TEST.WITH_AE", "selects no stage with tag maps");
  if (numJoints <= 0) fail("DATASET.NUM_JOINTS", "must be positive");
  if (flipTest) {
    if (static_cast<int64_t>(flipIndex.size()) != numJoints) {
      fail("DATASET.NUM_JOINTS", "does not match the flip index of DATASET.DATASET (" +
                                     std::to_string(flipIndex.size()) + " joints)");
    }
  }
  const int64_t parserJoints = (withCenter && ignoreCenter) ? numJoints - 1 : numJoints;
  if (parser.numJoints != parserJoints) {
    fail("DATASET.NUM_JOINTS", "disagrees with the parser's joint count");
  }
  if (parser.tagPerJoint != tagPerJoint) fail("MODEL.TAG_PER_JOINT", "disagrees with the parser");
  parser.validate();
}

InferenceOptions inferenceOptionsFromConfig(const ConfigNode& cfg) {
  InferenceOptions o;
  o.inputSize = cfg.getInt("DATASET.INPUT_SIZE");
  o.scaleFactors = cfg.getDoubleList("TEST.SCALE_FACTOR");
  o.flipTest = cfg.getBool("TEST.FLIP_TEST");
  o.project2image = cfg.getBool("TEST.PROJECT2IMAGE");
  o.adjust = cfg.getBool("TEST.ADJUST");
  o.refine = cfg.getBool("TEST.REFINE");
  o.lossWithHeatmaps = cfg.getBoolList("LOSS.WITH_HEATMAPS_LOSS");
  o.lossWithAe = cfg.getBoolList("LOSS.WITH_AE_LOSS");
  o.testWithHeatmaps = cfg.getBoolList("TEST.WITH_HEATMAPS");
  o.testWithAe = cfg.getBoolList("TEST.WITH_AE");
  o.numJoints = cfg.getInt("DATASET.NUM_JOINTS");
  o.withCenter = cfg.getBool("DATASET.WITH_CENTER");
  o.ignoreCenter = cfg.getBool("TEST.IGNORE_CENTER");
  o.tagPerJoint = cfg.getBool("MODEL.TAG_PER_JOINT");
  if (o.flipTest) o.flipIndex = flipIndexFor(cfg.getString("DATASET.DATASET"), o.withCenter);
  o.normalize = cfg.getString("MODEL.NAME") != "pose_hourglass";
  o.fp16 = cfg.has("FP16.ENABLED") && cfg.getBool("FP16.ENABLED");

  ParserOptions& p = o.parser;
  p.numJoints = (o.withCenter && o.ignoreCenter) ? o.numJoints - 1 : o.numJoints;
  p.maxNumPeople = cfg.getInt("DATASET.MAX_NUM_PEOPLE");
  p.detectionThreshold = cfg.getDouble("TEST.DETECTION_THRESHOLD");
  p.tagThreshold = cfg.getDouble("TEST.TAG_THRESHOLD");
  p.useDetectionVal = cfg.getBool("TEST.USE_DETECTION_VAL");
  p.ignoreTooMuch = cfg.getBool("TEST.IGNORE_TOO_MUCH");
  p.tagPerJoint = o.tagPerJoint;
  p.nmsKernel = cfg.getInt("TEST.NMS_KERNEL");
  p.nmsPadding = cfg.getInt("TEST.NMS_PADDING");
  p.jointOrder = jointOrderFor(p.numJoints, o.withCenter, o.ignoreCenter);
  o.validate();
  return o;
}

}  // namespace posescope
