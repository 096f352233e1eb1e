#pragma once
// Value types of keypoint evaluation: COCO-style ground truth and keypoint detections.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace posescope {

/// Which reference evaluator to reproduce: pycocotools (17 joints) or crowdposetools (14 joints).
enum class EvalVariant { Coco, CrowdPose };

/// One category of the ground truth; `keypoints` holds the joint names (empty: not a pose class).
struct KeypointCategory {
  std::int64_t id = 0;
  std::string name;
  std::vector<std::string> keypoints;
  /// The file's `skeleton`, made 0-based: only the limbs joining two of the category's joints.
  std::vector<std::pair<int, int>> limbs;
  /// Whether the file's skeleton had limbs that do not fit (CrowdPose ships COCO's 17-joint
  /// skeleton on its 14 joints): they are left out of the drawing; no reference scores limbs.
  bool skeletonDoesNotFit = false;
};

/// One image of the ground truth; `crowdIndex` is present in CrowdPose files only.
struct GroundTruthImage {
  std::int64_t id = 0;
  std::string fileName;
  int width = 0;
  int height = 0;
  std::optional<double> crowdIndex;
};

/// One annotated person (or crowd region) of the ground truth.
struct GroundTruthPerson {
  std::int64_t id = 0;
  std::int64_t imageId = 0;
  std::int64_t categoryId = 0;
  std::vector<double> keypoints;  // x, y, visibility per joint
  std::array<double, 4> bbox{};   // x, y, w, h
  std::optional<double> area;     // absent in CrowdPose files
  double numKeypoints = 0;        // the file's num_keypoints (0: unlabelled person, ignored)
  bool isCrowd = false;
};

/// A whole ground truth file; `source` names it in error messages.
struct KeypointGroundTruth {
  std::string source;
  std::vector<GroundTruthImage> images;
  std::vector<GroundTruthPerson> annotations;
  std::vector<KeypointCategory> categories;
  /// What is odd in the file but scored as the reference scores it, one line each naming the file
  /// and the field; the commands print them once.
  std::vector<std::string> warnings;
};

/// One predicted person, as in a COCO keypoint results file.
struct KeypointDetection {
  std::int64_t imageId = 0;
  std::int64_t categoryId = 1;
  std::vector<double> keypoints;  // x, y, score per joint
  double score = 0;
  /// Area used for the area ranges; when absent it is the keypoint extremes' box area, as
  /// pycocotools' loadRes computes it (a results file with "bbox" sets it to bbox w*h).
  std::optional<double> area;
};

}  // namespace posescope
