#include "analysis/match_accuracy.h"

namespace posescope {

MatchAccuracy matchAccuracyOf(const ThresholdMatching& matching, const KeypointGroundTruth& gt,
                              const std::vector<KeypointDetection>& detections,
                              const EvalParams& params, const AccuracySettings& settings) {
  MatchAccuracy out;
  out.variant = params.variant;
  out.oksThreshold = matching.threshold;
  out.area = matching.area;
  out.settingChanges = differencesFromReference(params);
  for (const CategoryMatching& m : matching.categories) {
    out.categories.push_back(
        {m.categoryId, m.name, jointAccuracy(m, gt, detections, params, settings.distance),
         oksHistograms(m, settings.oksBins), scoreCalibration(m, detections, settings.scoreBins)});
  }
  return out;
}

MatchAccuracy matchAccuracy(const KeypointGroundTruth& gt,
                            const std::vector<KeypointDetection>& detections,
                            const EvalParams& params, const AccuracySettings& settings,
                            const EvalOptions& options) {
  return matchAccuracyOf(matchAtThreshold(gt, detections, params, settings.oksThreshold, options),
                         gt, detections, params, settings);
}

}  // namespace posescope
