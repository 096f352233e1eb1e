#pragma once
// A keypoint ground truth's own health: what is structurally wrong or suspicious in the file
// (keypoints outside their image, counts and areas that disagree with the joints, duplicate
// people, people inside crowd regions, images missing or of another size), each finding naming
// its image and annotation. Any skeleton: the duplicate check scores people with the layout's
// sigmas.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "eval/keypoint_data.h"
#include "eval/keypoint_layout.h"

namespace posescope {

/// The kinds of finding, in the order they are reported.
enum class HealthIssue {
  KeypointOutsideImage,  // a labelled joint outside its image's width and height
  NumKeypointsMismatch,  // num_keypoints differs from the joints labelled
  AreaLargerThanBox,     // area > bbox w × h (a segment never covers more than its box)
  JointOutsideBox,       // a labelled joint more than 1 px outside the person's bbox
  ZeroAreaWithJoints,    // labelled joints but an area (or a box) of zero
  DuplicatePerson,       // two people of one image at OKS >= 0.95 with each other, both ways
  PersonInsideCrowd,     // a labelled person whose box lies (90 %+) inside a crowd region's box
  ImageMissing,          // under --images: absent, empty, or a PNG / JPEG with a bad header
  ImageSizeDiffers,      // under --images: the file's width and height are not the listed ones
};

/// Its name in reports ("keypoint outside image", ...).
std::string healthIssueName(HealthIssue issue);

/// One finding; ids of the image and the annotation(s) concerned (0 when not applicable).
struct HealthFinding {
  HealthIssue issue;
  std::int64_t imageId = 0;
  std::int64_t annotationId = 0;
  std::int64_t otherAnnotationId = 0;  // the second person of a duplicate, the crowd region
  std::string detail;                  // "joint 3 (left_ear) at (652.0, 10.0) in 640 x 480"
};

/// What checkDatasetHealth found, and what it looked at.
struct DatasetHealth {
  std::size_t images = 0, people = 0, crowdRegions = 0;
  bool imagesChecked = false;  // image files looked at (an images folder was given)
  std::vector<HealthFinding> findings;
  /// How many findings of each kind, in HealthIssue order.
  std::vector<std::size_t> counts() const;
};

/// Checks `gt` (its layout's categories: keypoint categories only) against itself, and against
/// the image files under `imagesDir` when given (each image's header: PNG and JPEG read directly,
/// so no image is decoded; a file of another format is not judged). Findings are in HealthIssue
/// order, then by person in file order (pairs and crowds by image id). Never fails: an unreadable
/// image is a finding.
DatasetHealth checkDatasetHealth(const KeypointGroundTruth& gt, const KeypointLayout& layout,
                                 const std::optional<std::string>& imagesDir);

/// The report as Markdown: a table of every kind with its count, then up to `listed` findings of
/// each kind found (the rest counted). Never fails.
std::string formatDatasetHealthMarkdown(const DatasetHealth& health, const std::string& source,
                                        std::size_t listed);
/// The report as JSON: {"images", "people", "crowd_regions", "images_checked", "counts": {name:
/// n}, "findings": [{"issue", "image_id", "annotation_id", "other_annotation_id", "detail"}]}.
std::string formatDatasetHealthJson(const DatasetHealth& health, const std::string& source);

}  // namespace posescope
