#pragma once
// The analysis as JSON: `posescope-cli analyze --json` prints it and run folders keep it as
// analysis.json.

#include <string>

#include "analysis/keypoint_analysis.h"
#include "analysis/triage.h"

namespace posescope {

/// {"detections": [{index, image_id, gt_id, oks, crowd, joints}], "ap_if_fixed": [{error, area,
/// oks, ap, recall}], "curves": {...}, "counts": [{oks, background_fp, false_neg}], "joints":
/// [{name, good, ...}], "triage": {...}, "settings": {...}}; unmatched detections have gt_id and
/// oks null and no joint labels; "crowd" is true when gt_id is a crowd region (iscrowd), whose
/// detection has no joint labels unless the region has labelled joints (DetectionAnalysis).
/// "curves" holds "oks_thresholds", "recall_points", "areas", "max_dets" and, keyed by error type
/// name ("baseline", "miss", ...; as ap_if_fixed), {"precision": [A][T][R], "scores": [A][T][R],
/// "recall": [A][T]} (ErrorCurves, the layout of `metrics --curves`). Never fails.
std::string formatAnalysisJson(const KeypointAnalysis& analysis, const Triage& triage);

}  // namespace posescope
