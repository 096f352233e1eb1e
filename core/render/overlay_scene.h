#pragma once
// What an overlay draws for one image: predicted people, ground truth and their matches.

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "analysis/joint_errors.h"

#include "data/keypoint_dataset.h"
#include "eval/keypoint_data.h"
#include "pipeline/image_record.h"
#include "report/image_eval_reader.h"

namespace posescope {

/// The error analysis' verdict on one predicted joint, for the error layer.
struct JointErrorMark {
  JointLabel label = JointLabel::Unlabelled;
  /// Where a swap or an inversion landed (image pixels): the joint of the other person, the
  /// matched person's mirrored joint; absent for the other labels.
  std::optional<std::array<double, 2>> landedAt;
};

/// The people of one image, in image pixels; plain values.
struct OverlayScene {
  SkeletonSpec skeleton;                       // joint names and limbs to draw
  std::vector<PersonPrediction> predictions;   // the record's people
  std::vector<GroundTruthPerson> groundTruth;  // the image's annotations, crowd regions too
  std::vector<PredictionMatch> matches;        // prediction index <-> annotation id, OKS
  /// Per prediction, one mark per joint; empty (for all, or for one prediction) where the error
  /// analysis has no verdict: no analysis, or a prediction not localised to a labelled person.
  std::vector<std::vector<JointErrorMark>> jointErrors;
  /// The prediction the viewer selected (a dashed box around its joints); -1: none.
  int selectedPerson = -1;
};

/// Annotations of a ground truth file grouped by image id (file order kept).
class GroundTruthIndex {
 public:
  GroundTruthIndex() = default;
  /// Groups `gt`'s annotations of category `categoryId` by image. Never fails.
  GroundTruthIndex(const KeypointGroundTruth& gt, std::int64_t categoryId);
  /// The annotations of `imageId` (empty when it has none). Never fails.
  std::vector<GroundTruthPerson> of(std::int64_t imageId) const;

 private:
  std::map<std::int64_t, std::vector<GroundTruthPerson>> byImage_;
};

/// The scene of `record`: its people, the image's ground truth from `gt` and the matches at the
/// threshold nearest `matchThreshold` from `evaluations` (either may be empty). Never fails.
OverlayScene makeOverlayScene(const ImageRecord& record, DatasetKind kind,
                              const GroundTruthIndex& gt, const RunImageEvaluations& evaluations,
                              double matchThreshold = 0.5);

}  // namespace posescope
