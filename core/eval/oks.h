#pragma once
// Object keypoint similarity between detections and ground truth people, as the reference computes
// it.

#include <vector>

#include "eval/eval_params.h"
#include "eval/keypoint_data.h"

namespace posescope {

/// The area a ground truth person is scaled by: its `area` for COCO, bbox w*h*0.53 for CrowdPose.
/// Precondition (checked by checkGroundTruthFor): COCO annotations carry an area.
double groundTruthArea(const GroundTruthPerson& gt, EvalVariant variant);

/// The area of a detection: its own `area` when set, else the keypoint extremes' box area.
double detectionArea(const KeypointDetection& detection);

/// OKS of every detection (rows) with every ground truth (columns), row-major; people without
/// labelled joints are scored by the distance outside their bbox doubled on each side.
/// Precondition: keypoint vectors hold 3 * params.numJoints() values.
std::vector<double> computeOksMatrix(const std::vector<const GroundTruthPerson*>& gts,
                                     const std::vector<const KeypointDetection*>& dts,
                                     const EvalParams& params);

}  // namespace posescope
