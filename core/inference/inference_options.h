#pragma once
// Everything valid.py reads from the config to turn one image into grouped people.

#include <cstdint>
#include <string>
#include <vector>

namespace posescope {

class ConfigNode;

/// HeatmapParser settings (group.py's Params plus the NMS pool and TAG_PER_JOINT).
struct ParserOptions {
  int64_t numJoints = 17;           // joints the parser sees (center dropped when ignored)
  int64_t maxNumPeople = 30;        // DATASET.MAX_NUM_PEOPLE: top-k per joint
  double detectionThreshold = 0.2;  // TEST.DETECTION_THRESHOLD
  double tagThreshold = 1.0;        // TEST.TAG_THRESHOLD
  bool useDetectionVal = true;      // TEST.USE_DETECTION_VAL
  bool ignoreTooMuch = false;       // TEST.IGNORE_TOO_MUCH
  bool tagPerJoint = true;          // MODEL.TAG_PER_JOINT
  int64_t nmsKernel = 3;            // TEST.NMS_KERNEL
  int64_t nmsPadding = 1;           // TEST.NMS_PADDING
  std::vector<int64_t> jointOrder;  // order joints are matched in (group.py's joint_order)

  /// Throws ConfigError naming the offending key when a value cannot work.
  void validate() const;
};

/// Per-image inference settings, one field per config key valid.py consults.
struct InferenceOptions {
  int64_t inputSize = 512;                   // DATASET.INPUT_SIZE
  std::vector<double> scaleFactors{1.0};     // TEST.SCALE_FACTOR (run order: sorted descending)
  bool flipTest = false;                     // TEST.FLIP_TEST
  bool project2image = false;                // TEST.PROJECT2IMAGE
  bool adjust = true;                        // TEST.ADJUST
  bool refine = true;                        // TEST.REFINE
  std::vector<bool> lossWithHeatmaps{true};  // LOSS.WITH_HEATMAPS_LOSS, per output stage
  std::vector<bool> lossWithAe{true};        // LOSS.WITH_AE_LOSS, per output stage
  std::vector<bool> testWithHeatmaps{true};  // TEST.WITH_HEATMAPS, per output stage
  std::vector<bool> testWithAe{true};        // TEST.WITH_AE, per output stage
  int64_t numJoints = 17;                    // DATASET.NUM_JOINTS (the center included)
  bool withCenter = false;                   // DATASET.WITH_CENTER
  bool ignoreCenter = true;                  // TEST.IGNORE_CENTER
  bool tagPerJoint = true;                   // MODEL.TAG_PER_JOINT
  std::vector<int64_t> flipIndex;            // FLIP_CONFIG entry for DATASET.DATASET
  bool normalize = true;                     // ImageNet mean/std (every model but pose_hourglass)
  bool fp16 = false;                         // FP16.ENABLED: the input is cast to half
  ParserOptions parser;

  /// Throws ConfigError naming the offending key when the options cannot run (empty or
  /// non-positive scales, per-stage lists of different lengths, a flip index of the wrong size).
  void validate() const;
};

/// FLIP_CONFIG as get_multi_stage_outputs picks it: 'coco' or 'crowd_pose' in DATASET.DATASET,
/// the _WITH_CENTER variant when withCenter; throws ConfigError for any other dataset name.
std::vector<int64_t> flipIndexFor(const std::string& datasetName, bool withCenter);

/// group.py's joint_order for `numJoints` parser joints (the COCO list, center first when kept);
/// the list is cut to numJoints entries as the reference's loop does.
std::vector<int64_t> jointOrderFor(int64_t numJoints, bool withCenter, bool ignoreCenter);

/// Gathers the options from a merged config (update_config applied: NUM_JOINTS already counts the
/// center); throws ConfigError naming the key when one is missing or of the wrong type, and when
/// the options fail validate().
InferenceOptions inferenceOptionsFromConfig(const ConfigNode& cfg);

}  // namespace posescope
