#pragma once
// coco-analyze's "optimal score": each detection rescored by the best OKS it reaches with any
// person, then decayed by soft non-maximum suppression against better-rescored detections of its
// image.

#include <cstddef>
#include <vector>

#include "eval/eval_params.h"
#include "eval/keypoint_data.h"

namespace posescope {

/// Rescores the detections `indices` (one image, file order) of `detections`: starting from
/// `bestOks[i]`, repeatedly takes the highest remaining score (stable order) and multiplies every
/// other remaining score by exp(-oks² / 0.5), where oks is the similarity of the two poses over all
/// joints with the mean of their keypoint-box areas. Returns the new scores, in `indices` order.
std::vector<double> softNmsScores(const std::vector<KeypointDetection>& detections,
                                  const std::vector<std::size_t>& indices,
                                  const std::vector<double>& bestOks, const EvalParams& params);

}  // namespace posescope
