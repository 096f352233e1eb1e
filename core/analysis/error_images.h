#pragma once
// The images behind a bar of the analysis charts: which images have a given error, in the order
// a researcher should look at them.

#include <cstdint>
#include <vector>

#include "analysis/keypoint_analysis.h"
#include "analysis/triage.h"

namespace posescope {

/// Images with a localised detection whose joint `joint` (every joint when -1) has `label`, the
/// image with most such joints first, then by image id. Never fails (an out-of-range joint
/// matches nothing).
std::vector<std::int64_t> imagesWithJointLabel(const KeypointAnalysis& analysis, JointLabel label,
                                               int joint = -1);

/// The images behind the AP-if-fixed bar of `error`: for a keypoint error type the images with
/// that joint label (imagesWithJointLabel); for `score` the images of the worst-OKS list (the
/// localised detections a better score would rank below the good ones); for background false
/// positives the images of the confident false positives, highest score first; for false
/// negatives the images of the missed people, largest first; none for the baseline. Each image
/// once, at its first place. Never fails.
std::vector<std::int64_t> imagesWithError(const KeypointAnalysis& analysis, const Triage& triage,
                                          ErrorType error);

}  // namespace posescope
