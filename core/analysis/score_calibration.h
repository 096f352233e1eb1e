#pragma once
// Whether detection scores behave like probabilities of a correct detection at one OKS threshold:
// true and false positive scores per score bin, the precision of each bin, the expected
// calibration error, and how often a true positive outscores a false positive (the order AP
// depends on).

#include <cstddef>
#include <vector>

#include "analysis/threshold_matching.h"
#include "eval/keypoint_data.h"

namespace posescope {

/// One score bin [lo, hi) (the last one closed at 1).
struct ScoreBin {
  double lo = 0;
  double hi = 0;
  std::size_t truePositives = 0;
  std::size_t falsePositives = 0;
  double meanScore = -1;  // of the bin's true and false positives; -1 when empty
  double precision = -1;  // truePositives / (truePositives + falsePositives); -1 when empty
};

/// Calibration of one category's detections at the matching's threshold.
struct ScoreCalibration {
  std::vector<ScoreBin> bins;  // equal width on [0, 1]
  std::size_t truePositives = 0;
  std::size_t falsePositives = 0;
  /// Scores below 0 or above 1, counted in the first or last bin: such a detector's scores are
  /// not probabilities and its calibration error means little.
  std::size_t scoresOutsideUnit = 0;
  /// Sum over bins of (bin's detections / all) x |precision - mean score|; -1 without detections.
  double expectedCalibrationError = -1;
  /// The chance that a true positive drawn at random scores above a false positive drawn at
  /// random, ties counting half (ROC AUC); 1 for a perfect order, 0 for a reversed one; -1 without
  /// true or without false positives.
  double rankingAuc = -1;
};

/// The calibration of `matching`'s true and false positives (`detections` is the list
/// matchAtThreshold was given) in `bins` equal score bins on [0, 1]; throws EvalError for 0 bins.
ScoreCalibration scoreCalibration(const CategoryMatching& matching,
                                  const std::vector<KeypointDetection>& detections,
                                  std::size_t bins = 10);

}  // namespace posescope
