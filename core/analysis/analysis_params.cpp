#include "analysis/analysis_params.h"

#include <algorithm>

#include "common/errors.h"

namespace posescope {

void AnalysisParams::validate() const {
  eval.validate();
  if (!(localizationOks > 0 && localizationOks <= 1)) {
    throw EvalError("the localisation OKS must be in (0, 1]");
  }
  if (!(jitterLow > 0 && jitterLow < jitterHigh && jitterHigh <= 1)) {
    throw EvalError("the jitter band must satisfy 0 < low < high <= 1");
  }
  if (flipIndex.empty()) return;
  if (static_cast<int>(flipIndex.size()) != numJoints()) {
    throw EvalError("the flip index has " + std::to_string(flipIndex.size()) + " entries for " +
                    std::to_string(numJoints()) + " joints");
  }
  std::vector<int> sorted = flipIndex;
  std::sort(sorted.begin(), sorted.end());
  for (int k = 0; k < numJoints(); ++k) {
    if (sorted[k] != k) throw EvalError("the flip index is not a permutation of the joints");
  }
}

AnalysisParams analysisParamsFor(EvalVariant variant) {
  AnalysisParams p;
  p.eval = evalParamsFor(variant);
  // coco-analyze writes its thresholds as literals (not np.linspace) and starts 'all' at 32².
  p.eval.iouThrs = {.5, .55, .6, .65, .7, .75, .8, .85, .9, .95};
  const double big = 1e5 * 1e5;
  p.eval.areas = {
      {32.0 * 32.0, big, "all"}, {32.0 * 32.0, 96.0 * 96.0, "medium"}, {96.0 * 96.0, big, "large"}};
  if (variant == EvalVariant::Coco) {
    // nose, eyes, ears, shoulders, elbows, wrists, hips, knees, ankles: left/right pairs.
    p.flipIndex = {0, 2, 1, 4, 3, 6, 5, 8, 7, 10, 9, 12, 11, 14, 13, 16, 15};
  } else {
    // CrowdPose: six left/right pairs, then head and neck.
    p.flipIndex = {1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 12, 13};
  }
  return p;
}

AnalysisParams analysisParamsFor(const KeypointLayout& layout) {
  AnalysisParams p = analysisParamsFor(layout.variant);
  p.eval.sigmas = layout.skeleton.sigmas;
  p.flipIndex = layout.skeleton.flipIndex;
  return p;
}

AnalysisParams analysisParamsFollowing(const AnalysisParams& analysisDefaults,
                                       const EvalParams& chosen) {
  const EvalParams reference = evalParamsFor(chosen.variant);
  AnalysisParams p = analysisDefaults;
  if (chosen.iouThrs != reference.iouThrs) p.eval.iouThrs = chosen.iouThrs;
  if (chosen.sigmas != reference.sigmas) p.eval.sigmas = chosen.sigmas;
  for (const AreaRange& area : chosen.areas) {
    const auto same = [&](const AreaRange& r) { return r.label == area.label; };
    const auto ref = std::find_if(reference.areas.begin(), reference.areas.end(), same);
    if (ref != reference.areas.end() && ref->lo == area.lo && ref->hi == area.hi) continue;
    const auto own = std::find_if(p.eval.areas.begin(), p.eval.areas.end(), same);
    if (own != p.eval.areas.end()) *own = area;
  }
  if (chosen.maxDets != reference.maxDets) p.eval.maxDets = chosen.maxDets;
  if (chosen.minScore != reference.minScore) p.eval.minScore = chosen.minScore;
  return p;
}

}  // namespace posescope
