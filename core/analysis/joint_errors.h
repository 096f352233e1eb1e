#pragma once
// The label of each joint of a detection matched to a person (good, jitter, inversion, swap,
// miss), and where coco-analyze moves a wrong joint to correct it.

#include <cstdint>
#include <string>
#include <vector>

#include "analysis/analysis_params.h"
#include "eval/keypoint_data.h"

namespace posescope {

/// What went wrong with one predicted joint (Ronchi & Perona's taxonomy).
enum class JointLabel {
  Good,        // best keypoint similarity (ks) above the jitter band, at the person's own joint
  Jitter,      // ks within the jitter band at the own joint
  Inversion,   // ks at or above the band's low end, best at the person's mirrored joint
  Swap,        // ks at or above the band's low end, best at a joint of another person
  Miss,        // best ks below the band
  Unlabelled,  // the ground truth joint is not labelled: not judged
};

/// The five error labels in coco-analyze's order of correction, then Unlabelled.
inline constexpr JointLabel kJointLabels[] = {JointLabel::Good,      JointLabel::Jitter,
                                              JointLabel::Inversion, JointLabel::Swap,
                                              JointLabel::Miss,      JointLabel::Unlabelled};

/// "good", "jitter", "inversion", "swap", "miss", "unlabelled".
std::string jointLabelName(JointLabel label);

/// The analysis of one detection's joints against the person it is matched to.
struct JointAnalysis {
  std::vector<JointLabel> labels;  // per joint
  std::vector<double> ownKs;       // ks to the person's own joint; -1 where it is not labelled
  std::vector<double> bestKs;      // the best ks over all candidates (0 when none is labelled)
  /// The person (annotation id) whose joint the prediction landed on: the matched person for
  /// good, jitter, inversion and miss, another for a swap.
  std::vector<std::int64_t> bestPersonId;
  std::vector<int> bestJoint;  // that person's joint (the mirrored one for an inversion)
  /// Keypoints with every wrong joint moved where coco-analyze corrects it: jitter to the band's
  /// high end, miss to its low end, inversion and swap to the same ks at the right joint (moved
  /// along x only); good and unlabelled joints stay. x, y, score per joint.
  std::vector<double> corrected;
};

/// Labels the joints of `detection` matched to `matched`, comparing each prediction with every
/// labelled joint of every person in `people` (the image's people of the category, file order,
/// `matched` among them) and with the matched person's mirrored joints. Precondition: keypoint
/// vectors hold 3 x params.numJoints() values and `matched` has labelled joints.
JointAnalysis analyzeJoints(const KeypointDetection& detection, const GroundTruthPerson& matched,
                            const std::vector<const GroundTruthPerson*>& people,
                            const AnalysisParams& params);

}  // namespace posescope
