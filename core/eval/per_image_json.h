#pragma once
// Per-image evaluation as JSON, for the run folder and the GUI.

#include <string>
#include <vector>

#include "eval/keypoint_eval.h"

namespace posescope {

/// One image's evaluation as a single-line JSON object: image_id, category_id, ap, mean_oks,
/// detections, dropped_detections, gt_ids, gt_ignored, oks (rows per detection) and, per
/// threshold, matches [detection, gt_id, oks, gt_ignored], unmatched detections and people.
/// Never fails.
std::string formatImageEvaluationJson(const ImageEvaluation& image);

/// JSON Lines: one formatImageEvaluationJson line per image. Never fails.
std::string formatImageEvaluationsJsonl(const std::vector<ImageEvaluation>& images);

}  // namespace posescope
