#pragma once
// Everything measured on the matching at one OKS threshold, per keypoint category: per-joint
// accuracy, the OKS histograms and score calibration; what `posescope-cli metrics --accuracy`
// writes and what a chart needs, in plain structs.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "analysis/joint_accuracy.h"
#include "analysis/score_calibration.h"
#include "analysis/threshold_matching.h"
#include "eval/eval_params.h"
#include "eval/keypoint_data.h"
#include "eval/keypoint_eval.h"

namespace posescope {

/// The threshold and the bins.
struct AccuracySettings {
  double oksThreshold = 0.5;
  std::size_t oksBins = 20;    // OKS histograms on [0, 1]
  std::size_t scoreBins = 10;  // calibration bins on [0, 1]
  DistanceBins distance;       // normalised distance histograms
};

/// One keypoint category's measures.
struct CategoryAccuracy {
  std::int64_t categoryId = 0;
  std::string name;
  JointAccuracyTable joints;
  OksHistograms oks;
  ScoreCalibration calibration;
};

/// The measures of one evaluation at one threshold.
struct MatchAccuracy {
  EvalVariant variant = EvalVariant::Coco;
  double oksThreshold = 0.5;
  std::string area;  // the area range matched ('all')
  /// The settings in which params differ from the reference's (differencesFromReference).
  std::vector<std::string> settingChanges;
  std::vector<CategoryAccuracy> categories;  // keypoint categories, in id order
};

/// Every measure of `matching` (of `gt` and `detections` under `params`; settings' threshold
/// plays no part); throws EvalError for bad bins or sigmas that do not fit a category.
MatchAccuracy matchAccuracyOf(const ThresholdMatching& matching, const KeypointGroundTruth& gt,
                              const std::vector<KeypointDetection>& detections,
                              const EvalParams& params, const AccuracySettings& settings = {});

/// matchAtThreshold(gt, detections, params, settings.oksThreshold, options) and every measure of
/// its matching; throws EvalError as they do.
MatchAccuracy matchAccuracy(const KeypointGroundTruth& gt,
                            const std::vector<KeypointDetection>& detections,
                            const EvalParams& params, const AccuracySettings& settings = {},
                            const EvalOptions& options = {});

}  // namespace posescope
