#pragma once
// The test split of a COCO- or CrowdPose-layout keypoint dataset, as valid.py enumerates it.

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace posescope {

struct Skeleton;

/// Which dataset family: decides layout, joint count, flip pairs, skeleton and metrics.
enum class DatasetKind { Coco, CrowdPose };

/// One image of the split, in the annotation file's order.
struct DatasetImage {
  std::int64_t id = 0;
  std::string fileName;
  std::string path;  // absolute or relative to the working directory
  int width = 0;
  int height = 0;
  int numAnnotations = 0;  // person annotations (crowd included)
};

/// Joint names and limb pairs to draw: a dataset family's, or a run's own skeleton.
struct SkeletonSpec {
  std::vector<std::string> jointNames;
  std::vector<std::pair<int, int>> limbs;
  /// One RGB colour per limb when the skeleton file gives them, else empty (each person's own).
  std::vector<std::array<std::uint8_t, 3>> limbColours;
};

/// The images of DATASET.ROOT / DATASET.TEST, read from the annotation file.
class KeypointDataset {
 public:
  /// Opens `root` for split `split` (e.g. val2017). COCO: ROOT/annotations/person_keypoints_
  /// <split>.json and ROOT/images/<split>/<file>; CrowdPose: ROOT/json/crowdpose_<split>.json and
  /// ROOT/images/<file>. Throws DatasetError naming the file when the annotation file is missing,
  /// malformed or lacks a person category with keypoints.
  KeypointDataset(DatasetKind kind, const std::string& root, const std::string& split);

  /// The annotation file of `split` under `root` for the family's layout (no file access).
  static std::string annotationPath(DatasetKind kind, const std::string& root,
                                    const std::string& split);
  /// The folder the split's images are read from (no file access).
  static std::string imageDirectory(DatasetKind kind, const std::string& root,
                                    const std::string& split);

  DatasetKind kind() const { return kind_; }
  const std::string& annotationFile() const { return annotationFile_; }
  const std::vector<DatasetImage>& images() const { return images_; }
  size_t size() const { return images_.size(); }
  /// Joint count of the person category (17 COCO, 14 CrowdPose).
  int numJoints() const { return numJoints_; }
  /// Category id the results are written with (the person category's id).
  int personCategoryId() const { return personCategoryId_; }

 private:
  DatasetKind kind_;
  std::string annotationFile_;
  std::vector<DatasetImage> images_;
  int numJoints_ = 0;
  int personCategoryId_ = 1;
};

/// DATASET.DATASET_TEST ("coco" or "crowd_pose") to a kind; throws DatasetError otherwise.
DatasetKind datasetKindFromName(const std::string& name);
/// "coco" or "crowd_pose".
std::string datasetKindName(DatasetKind kind);
/// The joint names and limbs of the reference's VIS_CONFIG (referenceSkeleton's).
const SkeletonSpec& skeletonFor(DatasetKind kind);
/// What overlays draw of `skeleton` (a run's skeleton.json): its joints, limbs and limb colours.
SkeletonSpec skeletonSpecOf(const Skeleton& skeleton);

}  // namespace posescope
