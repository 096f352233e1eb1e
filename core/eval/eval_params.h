#pragma once
// Parameters of the reference evaluators (thresholds, area ranges, sigmas), exactly as numpy builds
// them.

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
  int numJoints() const { return static_cast<int>(sigmas.size()); }
};

/// The reference's parameters for `variant`; never fails.
EvalParams evalParamsFor(EvalVariant variant);

/// np.linspace(start, stop, num) with numpy's arithmetic (i * step + start, last = stop).
std::vector<double> numpyLinspace(double start, double stop, int num);

/// The variant for a dataset name as valid.py's DATASET.DATASET_TEST spells it ("coco",
/// "crowd_pose"; also "crowdpose"); throws EvalError naming the value when unknown.
EvalVariant variantFromDatasetName(const std::string& name);

/// "coco" or "crowdpose".
std::string variantName(EvalVariant variant);

}  // namespace posescope
