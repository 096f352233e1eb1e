#pragma once
// Reads and writes COCO keypoint results files (the list valid.py writes and loadRes reads).

#include <string>
#include <vector>

#include "eval/keypoint_data.h"

namespace posescope {

/// Reads a results JSON file (a list of {image_id, category_id, keypoints, score[, bbox]});
/// throws EvalError naming the file and the entry for malformed JSON, missing fields, NaN or
/// infinite values. As pycocotools' loadRes: when the first entry has a non-empty "bbox", every
/// entry's area is bbox w*h, otherwise it is left to the keypoint extremes.
std::vector<KeypointDetection> loadResults(const std::string& path);

/// Same as loadResults for JSON text in memory; `source` names it in messages.
std::vector<KeypointDetection> parseResults(const std::string& jsonText, const std::string& source);

/// The results list in the reference's format (bbox from the keypoint extremes), as JSON text.
std::string formatResultsJson(const std::vector<KeypointDetection>& detections);

}  // namespace posescope
