#pragma once
// Precision and recall over a set of images (pycocotools' accumulate for one category, one area
// range and maxDets 20).

#include <optional>
#include <vector>

#include "eval/eval_params.h"
#include "eval/image_matching.h"

namespace posescope {

/// Interpolated precision (T x R, row-major), the score of the detection where each recall point
/// is reached (T x R, the reference's `scores`) and final recall (T); every value is -1 when the
/// images hold no regular ground truth, as in the reference.
struct PrecisionRecall {
  std::vector<double> precision;
  std::vector<double> recall;
  std::vector<double> scores;
};

/// Accumulates the matchings of `images` (in image id order; nullptr entries are images with
/// neither ground truth nor detections, skipped); never fails.
/// With `onlyThreshold` set, only that threshold's row is computed (the others stay -1).
PrecisionRecall accumulateMatches(const std::vector<const ImageAreaMatch*>& images,
                                  const EvalParams& params,
                                  std::optional<std::size_t> onlyThreshold = std::nullopt);

}  // namespace posescope
