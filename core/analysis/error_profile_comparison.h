#pragma once
// How the error profile of run B differs from run A's: what fixing each error type would gain,
// joint label totals, background errors.

#include <cstddef>
#include <vector>

#include "analysis/keypoint_analysis.h"

namespace posescope {

/// The AP gain (area 'all', mean over the OKS thresholds) of fixing one error type, in A and B.
/// Keypoint types and scores are relative to the baseline, background FPs too, false negatives
/// relative to background FPs removed (coco-analyze's bars); -1 where undefined.
struct ErrorGain {
  ErrorType error = ErrorType::Miss;
  double a = 0, b = 0;
};

/// A count in A and in B.
struct CountPair {
  std::size_t a = 0, b = 0;
};

/// The comparison of two analyses.
struct ErrorProfileComparison {
  std::vector<ErrorGain> gains;        // miss, swap, inversion, jitter, score, background FP, FN
  std::vector<CountPair> labels;       // joint labels over all joints, as kJointLabels
  CountPair backgroundFalsePositives;  // at the lowest OKS threshold
  CountPair falseNegatives;            // likewise
};

/// Compares `a` and `b` (analyses with the same settings); error types one of them lacks
/// (inversions not computed) are left out. Never fails.
ErrorProfileComparison compareErrorProfiles(const KeypointAnalysis& a, const KeypointAnalysis& b);

/// Mean AP over the OKS thresholds of `error` in area `area`; -1 when undefined.
double meanApIfFixed(const KeypointAnalysis& analysis, ErrorType error, const std::string& area);

}  // namespace posescope
