#pragma once
// Loads COCO-style keypoint ground truth (COCO person_keypoints, CrowdPose annotation files).

#include <cstdint>
#include <string>
#include <vector>

#include "eval/keypoint_data.h"

namespace posescope {

/// Reads and checks a ground truth JSON file (images, annotations, categories); throws EvalError
/// naming the file and the record for unreadable or malformed files, missing or mistyped fields,
/// duplicate ids and annotations of unknown images or categories.
KeypointGroundTruth loadGroundTruth(const std::string& path);

/// Same as loadGroundTruth for JSON text already in memory; `source` names it in messages.
KeypointGroundTruth parseGroundTruth(const std::string& jsonText, const std::string& source);

/// Checks that `gt` can be evaluated as `variant` (a category with that variant's joint count,
/// every annotation's keypoints, `area` for COCO, `crowdIndex` for CrowdPose); throws EvalError.
void checkGroundTruthFor(const KeypointGroundTruth& gt, EvalVariant variant);

/// The same for an evaluation with one sigma per joint of a skeleton of `joints` joints (a
/// skeleton other than the variant's, evaluated with its own sigmas).
void checkGroundTruthFor(const KeypointGroundTruth& gt, EvalVariant variant, std::size_t joints);

/// `gt` with only the images in `imageIds` and their annotations (an evaluation of part of a
/// dataset); never fails.
KeypointGroundTruth restrictToImages(const KeypointGroundTruth& gt,
                                     const std::vector<std::int64_t>& imageIds);

}  // namespace posescope
