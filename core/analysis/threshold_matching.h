#pragma once
// The matching pycocotools makes at one OKS threshold, over the whole set, as lists: which
// detections are true positives (and of whom), which are false positives, and how close every
// person came to being found. Per-joint accuracy, the OKS histograms and score calibration read it.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "analysis/histogram.h"
#include "eval/eval_params.h"
#include "eval/keypoint_data.h"
#include "eval/keypoint_eval.h"

namespace posescope {

/// One detection matched to a regular (not ignored) person: a true positive.
struct TruePositive {
  std::size_t detection = 0;  // index into the detection list
  std::size_t person = 0;     // index into the ground truth's annotations
  double oks = 0;
};

/// The matching of one keypoint category at the threshold, in image id order.
struct CategoryMatching {
  std::int64_t categoryId = 0;
  std::string name;
  std::vector<std::string> jointNames;
  std::vector<TruePositive> truePositives;
  /// Evaluated detections matched to nobody and not ignored (an unmatched detection whose area
  /// is outside the area range is ignored, as the reference does).
  std::vector<std::size_t> falsePositives;
  /// Per regular person, the best OKS with any evaluated detection of its image (0 without one),
  /// whether or not that detection is matched to it.
  std::vector<double> bestOks;
};

/// The matching at one threshold for the first area range of the settings ('all').
struct ThresholdMatching {
  double threshold = 0.5;
  std::string area;
  std::vector<CategoryMatching> categories;  // the keypoint categories, in id order
};

/// pycocotools' matching of `detections` to `gt` at OKS `threshold`, under `params` (sigmas,
/// maxDets, minimum score, area range 'all'; params' own thresholds play no part): detections
/// below the minimum score or beyond an image's maxDets are neither true nor false positives, nor
/// are detections matched to crowd regions or unlabelled people. The threshold need not be one of
/// params' thresholds. Throws EvalError for a threshold outside (0, 1] and as evaluateKeypoints.
ThresholdMatching matchAtThreshold(const KeypointGroundTruth& gt,
                                   const std::vector<KeypointDetection>& detections,
                                   const EvalParams& params, double threshold,
                                   EvalOptions options = {});

/// The same matching read from an evaluation already made (evaluateKeypoints with per-image
/// output, of `gt`, `detections` and `params`) at its threshold params.iouThrs[thresholdIndex]:
/// no second evaluation. Throws EvalError when the summary holds no per-image evaluation or
/// thresholdIndex is out of range.
ThresholdMatching matchingOf(const EvalSummary& summary, const KeypointGroundTruth& gt,
                             const std::vector<KeypointDetection>& detections,
                             const EvalParams& params, std::size_t thresholdIndex);

/// The OKS distribution of a matching, two histograms on [0, 1] with the same bins.
struct OksHistograms {
  EqualWidthHistogram matched;  // the OKS of each true positive (all at or above the threshold)
  EqualWidthHistogram bestPerPerson;  // CategoryMatching::bestOks: misses show below the threshold
};

/// The OKS histograms of `matching` with `bins` equal bins on [0, 1]; throws EvalError for 0 bins.
OksHistograms oksHistograms(const CategoryMatching& matching, std::size_t bins = 20);

}  // namespace posescope
