#pragma once
// Parameters of the reference evaluators (thresholds, area ranges, sigmas), exactly as numpy builds
// them.

#include <limits>
#include <string>
#include <vector>

#include "eval/keypoint_data.h"

namespace posescope {

/// One named area range [lo, hi] of the COCO evaluation.
struct AreaRange {
  double lo = 0;
  double hi = 0;
  std::string label;
};

/// The evaluation settings of one variant (pycocotools / crowdposetools keypoint defaults).
struct EvalParams {
  EvalVariant variant = EvalVariant::Coco;
  std::vector<double> sigmas;    // per joint, the reference's constants divided by 10
  std::vector<double> iouThrs;   // 10 OKS thresholds, np.linspace(.5, .95, 10)
  std::vector<double> recThrs;   // 101 recall points, np.linspace(0, 1, 101)
  std::vector<AreaRange> areas;  // all, medium, large
  std::size_t maxDets = 20;      // detections kept per image, best score first
  double minScore = -std::numeric_limits<double>::infinity();  // lower scores: as if absent
  int numJoints() const { return static_cast<int>(sigmas.size()); }
  /// Throws EvalError naming the setting when a sigma is not positive, thresholds are not
  /// increasing within (0, 1], an area range is empty or negative, or maxDets is 0.
  void validate() const;
};

/// The settings in which `params` differs from the reference's for its variant, one phrase each
/// ("OKS thresholds 0.5, 0.75", "sigma of joint 3 0.05", ...); empty when they are the reference's.
std::vector<std::string> differencesFromReference(const EvalParams& params);

/// The same phrases against any `reference` (e.g. the error analysis' own defaults).
std::vector<std::string> differencesFrom(const EvalParams& params, const EvalParams& reference);

/// Parses OKS thresholds written "START:STEP:STOP" (inclusive, as .50:.05:.95) or as a comma list;
/// throws EvalError naming `option` for anything else.
std::vector<double> parseThresholdList(const std::string& text, const std::string& option);

/// Parses a comma list of positive numbers (per-joint sigmas); throws EvalError naming `option`.
std::vector<double> parseNumberList(const std::string& text, const std::string& option);

/// `values` with each one that equals `reference`'s at the same position to 12 significant digits
/// replaced by the reference's own: valid.py's sigmas are the datasets' constants divided by 10
/// (0.26 / 10 is not the double 0.026), and typing the value printed must give valid.py's setting.
/// Never fails.
std::vector<double> snapToReference(std::vector<double> values,
                                    const std::vector<double>& reference);

/// Applies "NAME=LO,HI" (areas in pixels², NAME one of params' area labels) to `params`; throws
/// EvalError naming `option` for an unknown name or malformed bounds.
void applyAreaRange(EvalParams& params, const std::string& text, const std::string& option);

/// The reference's parameters for `variant`; never fails.
EvalParams evalParamsFor(EvalVariant variant);

/// np.linspace(start, stop, num) with numpy's arithmetic (i * step + start, last = stop).
std::vector<double> numpyLinspace(double start, double stop, int num);

/// The variant for a dataset name as valid.py's DATASET.DATASET_TEST spells it ("coco",
/// "crowd_pose"; also "crowdpose"); throws EvalError naming the value when unknown.
EvalVariant variantFromDatasetName(const std::string& name);

/// The variant a ground truth implies when none is named: CrowdPose for a category of 14 joints,
/// else COCO. Never fails.
EvalVariant variantForGroundTruth(const KeypointGroundTruth& gt);

/// "coco" or "crowdpose".
std::string variantName(EvalVariant variant);

}  // namespace posescope
