#include "analysis/threshold_matching.h"

#include <algorithm>
#include <unordered_map>

#include "common/errors.h"
#include "eval/oks.h"

namespace posescope {

ThresholdMatching matchingOf(const EvalSummary& summary, const KeypointGroundTruth& gt,
                             const std::vector<KeypointDetection>& detections,
                             const EvalParams& params, std::size_t thresholdIndex) {
  if (params.areas.empty()) throw EvalError("the evaluation settings have no area range");
  if (thresholdIndex >= params.iouThrs.size()) {
    throw EvalError("OKS threshold #" + std::to_string(thresholdIndex) + " is not among the " +
                    std::to_string(params.iouThrs.size()) + " of the settings");
  }
  if (summary.images.empty() && !gt.images.empty()) {
    throw EvalError("the evaluation of " + gt.source + " was made without per-image output");
  }
  const AreaRange& area = params.areas.front();  // what the per-image matches are made for

  ThresholdMatching out;
  out.threshold = params.iouThrs[thresholdIndex];
  out.area = area.label;
  std::vector<const KeypointCategory*> categories;
  for (const KeypointCategory& c : gt.categories) {
    if (!c.keypoints.empty()) categories.push_back(&c);
  }
  std::sort(categories.begin(), categories.end(),
            [](const KeypointCategory* a, const KeypointCategory* b) { return a->id < b->id; });
  std::unordered_map<std::int64_t, std::size_t> categoryIndex, personIndex;
  for (const KeypointCategory* c : categories) {
    categoryIndex[c->id] = out.categories.size();
    CategoryMatching m;
    m.categoryId = c->id;
    m.name = c->name;
    m.jointNames = c->keypoints;
    out.categories.push_back(std::move(m));
  }
  for (std::size_t i = 0; i < gt.annotations.size(); ++i) personIndex[gt.annotations[i].id] = i;

  for (const ImageEvaluation& image : summary.images) {
    if (image.thresholds.empty()) continue;  // neither people nor detections
    if (image.thresholds.size() != params.iouThrs.size()) {
      throw EvalError("the evaluation of " + gt.source + " was made with other OKS thresholds");
    }
    CategoryMatching& m = out.categories[categoryIndex.at(image.categoryId)];
    const ThresholdMatches& matched = image.thresholds[thresholdIndex];
    for (const KeypointMatch& match : matched.matches) {
      if (match.groundTruthIgnored) continue;
      m.truePositives.push_back({match.detection, personIndex.at(match.groundTruthId), match.oks});
    }
    for (std::size_t d : matched.unmatchedDetections) {
      const double a = detectionArea(detections.at(d));
      if (a < area.lo || a > area.hi) continue;
      m.falsePositives.push_back(d);
    }
    const std::size_t G = image.groundTruthIds.size(), D = image.detections.size();
    for (std::size_t g = 0; g < G; ++g) {
      if (image.groundTruthIgnored[g]) continue;
      double best = 0;
      for (std::size_t d = 0; d < D; ++d) best = std::max(best, image.oks[d * G + g]);
      m.bestOks.push_back(best);
    }
  }
  return out;
}

ThresholdMatching matchAtThreshold(const KeypointGroundTruth& gt,
                                   const std::vector<KeypointDetection>& detections,
                                   const EvalParams& params, double threshold,
                                   EvalOptions options) {
  // One threshold evaluated: the reference matches each threshold on its own, so the matches
  // equal those of the same threshold among many.
  EvalParams at = params;
  at.iouThrs = {threshold};
  options.perImage = true;
  return matchingOf(evaluateKeypoints(gt, detections, at, options), gt, detections, at, 0);
}

OksHistograms oksHistograms(const CategoryMatching& matching, std::size_t bins) {
  OksHistograms out{equalWidthHistogram(0, 1, bins), equalWidthHistogram(0, 1, bins)};
  for (const TruePositive& tp : matching.truePositives) addToHistogram(out.matched, tp.oks);
  for (double oks : matching.bestOks) addToHistogram(out.bestPerPerson, oks);
  return out;
}

}  // namespace posescope
