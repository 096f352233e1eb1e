#pragma once
// The analysis as JSON: `posescope-cli analyze --json` prints it and run folders keep it as
// analysis.json.

#include <string>

#include "analysis/keypoint_analysis.h"
#include "analysis/triage.h"

namespace posescope {

/// {"detections": [{index, image_id, gt_id, oks, joints}], "ap_if_fixed": [{error, area, oks, ap,
/// recall}], "counts": [{oks, background_fp, false_neg}], "joints": [{name, good, ...}],
/// "triage": {...}, "settings": {...}}; unmatched detections have gt_id and oks null and no joint
/// labels. Never fails.
std::string formatAnalysisJson(const KeypointAnalysis& analysis, const Triage& triage);

}  // namespace posescope
