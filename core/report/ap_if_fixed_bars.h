#pragma once
// coco-analyze's summary figure as numbers: one bar per error type, from the AP it improves on to
// the AP with that error fixed. The Results page's chart and the PDF report's draw these bars.

#include <string>
#include <vector>

#include "analysis/keypoint_analysis.h"

namespace posescope {

/// One bar: `from` (the AP it improves on) and `fixed` (-1 where undefined).
struct ApIfFixedBar {
  ErrorType error = ErrorType::Baseline;
  double from = -1;
  double fixed = -1;
};

/// The bars of `analysis` in `area` at OKS `oks` (-1: the mean over its thresholds), left to
/// right: the baseline, miss, swap, inversion, jitter, score, background FP, false negatives;
/// each error type's bar starts at the baseline, the false negatives' at the AP with background
/// FPs removed (as coco-analyze draws it). An error type the analysis has not computed in `area`
/// (inversions without flip pairs) has no bar. Never fails.
std::vector<ApIfFixedBar> apIfFixedBars(const KeypointAnalysis& analysis, const std::string& area,
                                        double oks);

}  // namespace posescope
