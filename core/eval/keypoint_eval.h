#pragma once
// Keypoint evaluation identical to pycocotools' COCOeval('keypoints') and crowdposetools', with
// the per-image matches the reference computes but does not expose.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "eval/accumulate.h"
#include "eval/eval_params.h"
#include "eval/keypoint_data.h"
#include "eval/metric_table.h"
#include "eval/summarize.h"

namespace posescope {

/// One detection matched to one ground truth person at one OKS threshold.
struct KeypointMatch {
  std::size_t detection = 0;       // index into the detection list given to evaluateKeypoints
  std::int64_t groundTruthId = 0;  // annotation id
  double oks = 0;
  bool groundTruthIgnored = false;  // crowd region or unlabelled person: neither TP nor FP
};

/// The matching of one image at one OKS threshold (area range "all").
struct ThresholdMatches {
  double threshold = 0;
  std::vector<KeypointMatch> matches;
  std::vector<std::size_t> unmatchedDetections;     // false positives
  std::vector<std::int64_t> unmatchedGroundTruths;  // missed people (ignored ones not listed)
};

/// Per-image evaluation of one image and one keypoint category.
struct ImageEvaluation {
  std::int64_t imageId = 0;
  std::int64_t categoryId = 0;
  std::vector<std::size_t> detections;         // evaluated: best score first, at most maxDets
  std::vector<std::size_t> droppedDetections;  // beyond maxDets: not evaluated, as the reference
  std::vector<std::int64_t> groundTruthIds;    // annotation order of the file
  std::vector<bool> groundTruthIgnored;        // crowd or num_keypoints == 0
  std::vector<double> oks;  // detections x groundTruthIds, row-major (empty if either is empty)
  std::vector<ThresholdMatches> thresholds;  // one per OKS threshold .50 : .05 : .95
  /// AP of this image alone: what the reference reports for a dataset made of just this image
  /// (area "all", mean over the 10 thresholds and 101 recall points); -1 with no regular person.
  double ap = -1;
  /// Mean OKS of the matches to regular people at threshold .50; -1 when there is none.
  double meanOks = -1;
};

/// Options of evaluateKeypoints.
struct EvalOptions {
  bool perImage = true;       // fill EvalSummary::images
  int threads = 0;            // worker threads for the per-image work; 0: hardware concurrency
  std::string resultsSource;  // the results file, named in error messages when set
};

/// Stats table and per-image evaluations.
struct EvalSummary {
  EvalVariant variant = EvalVariant::Coco;
  MetricTable table;
  std::vector<ImageEvaluation> images;  // by image id, then category id
  /// What the stats are means of (curves.h reads them): every category's id in id order, the
  /// accumulated arrays [k * A + a] per category and area range, and for CrowdPose those over the
  /// easy, medium and hard images [s * K + k] (area 'all').
  std::vector<std::int64_t> categoryIds;
  std::vector<PrecisionRecall> accumulated;
  std::vector<PrecisionRecall> crowdSplits;
};

/// Evaluates `detections` against `gt` as the reference does for `variant` (COCO: 10 stats;
/// CrowdPose: 9, in valid.py's order). Throws EvalError for ground truth unfit for the variant
/// (see checkGroundTruthFor) and for detections of images or categories absent from the ground
/// truth, with a keypoint count other than 3 x joints, or with NaN / infinite values.
EvalSummary evaluateKeypoints(const KeypointGroundTruth& gt,
                              const std::vector<KeypointDetection>& detections, EvalVariant variant,
                              const EvalOptions& options = {});

/// Same evaluation with explicit parameters (OKS thresholds, sigmas, area ranges, maxDets, minimum
/// score; see EvalParams); with evalParamsFor(variant) the stats equal the reference's. Throws
/// EvalError for parameters that fail EvalParams::validate, and as above.
EvalSummary evaluateKeypoints(const KeypointGroundTruth& gt,
                              const std::vector<KeypointDetection>& detections,
                              const EvalParams& params, const EvalOptions& options = {});

/// Checks every detection against `gt` as evaluateKeypoints does (known image and category ids,
/// 3 x `joints` finite keypoint values, finite score); throws EvalError naming `source` (the
/// results file) and the entry.
void checkDetections(const KeypointGroundTruth& gt,
                     const std::vector<KeypointDetection>& detections, std::size_t joints,
                     const std::string& source);

}  // namespace posescope
