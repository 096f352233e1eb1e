#pragma once
// Settings of the keypoint error analysis (Ronchi & Perona, ICCV 2017, as coco-analyze runs it).

#include <string>
#include <vector>

#include "eval/eval_params.h"
#include "eval/keypoint_data.h"
#include "eval/keypoint_layout.h"

namespace posescope {

/// What the analysis needs beyond the evaluation settings: where localisation starts, the jitter
/// band, and which joint mirrors which.
struct AnalysisParams {
  /// Sigmas, OKS thresholds, area ranges and maxDets of every evaluation the analysis runs.
  /// coco-analyze's defaults differ from valid.py's: area 'all' starts at 32², thresholds are the
  /// literals .5, .55, ..., .95.
  EvalParams eval;
  double localizationOks = 0.1;  // detections matched at this OKS get joint labels
  double jitterLow = 0.5;        // ks below: miss; at or above and at the own joint: jitter
  double jitterHigh = 0.85;      // ks above, at the own joint: good
  /// flipIndex[k] is the joint mirroring joint k (k itself for the nose); empty when the skeleton's
  /// left/right pairs are unknown: inversions are then not computed.
  std::vector<int> flipIndex;

  int numJoints() const { return eval.numJoints(); }
  bool inversionsComputed() const { return !flipIndex.empty(); }
  /// Throws EvalError naming the setting: eval.validate(), a jitter band outside (0, 1] or a flip
  /// index that is not a permutation of the joints.
  void validate() const;
};

/// coco-analyze's settings for `variant` (COCO's 17 joints or CrowdPose's 14, with their flip
/// pairs); never fails.
AnalysisParams analysisParamsFor(EvalVariant variant);

/// analysisParamsFor(layout.variant) with the layout's sigmas and flip pairs (none when its
/// left/right joints are unknown: inversions are then not computed).
AnalysisParams analysisParamsFor(const KeypointLayout& layout);

/// `analysisDefaults` with each evaluation setting in which `chosen` differs from valid.py's
/// (evalParamsFor(chosen.variant): OKS thresholds, sigmas, each area range by its label, maxDets,
/// minimum score) taken from `chosen`: the analysis `posescope-cli analyze` runs when given the
/// options that make `posescope-cli metrics` evaluate with `chosen`. Never fails.
AnalysisParams analysisParamsFollowing(const AnalysisParams& analysisDefaults,
                                       const EvalParams& chosen);

}  // namespace posescope
