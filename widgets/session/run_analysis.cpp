#include "widgets/session/run_analysis.h"

#include "render/joint_error_marks.h"

namespace posescope {

namespace {

bool sameAreas(const std::vector<AreaRange>& a, const std::vector<AreaRange>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].lo != b[i].lo || a[i].hi != b[i].hi || a[i].label != b[i].label) return false;
  return true;
}

}  // namespace

bool sameAnalysisParams(const AnalysisParams& a, const AnalysisParams& b) {
  const EvalParams &x = a.eval, &y = b.eval;
  return x.variant == y.variant && x.sigmas == y.sigmas && x.iouThrs == y.iouThrs &&
         x.recThrs == y.recThrs && sameAreas(x.areas, y.areas) && x.maxDets == y.maxDets &&
         x.minScore == y.minScore && a.localizationOks == b.localizationOks &&
         a.jitterLow == b.jitterLow && a.jitterHigh == b.jitterHigh && a.flipIndex == b.flipIndex;
}

OverlayScene analysedScene(const RunOverlayData& data, const RunAnalysis* analysis,
                           const ImageRecord& record, double matchThreshold) {
  OverlayScene scene = data.sceneFor(record, matchThreshold);
  if (analysis)
    scene.jointErrors = jointErrorMarks(record, analysis->analysis,
                                        analysis->detectionsOf(record.imageId), scene.groundTruth);
  return scene;
}

const std::vector<std::size_t>& RunAnalysis::detectionsOf(std::int64_t imageId) const {
  static const std::vector<std::size_t> kNone;
  const auto it = detectionsByImage_.find(imageId);
  return it == detectionsByImage_.end() ? kNone : it->second;
}

const ImageTriage* RunAnalysis::imageTriage(std::int64_t imageId) const {
  const auto it = triageByImage_.find(imageId);
  return it == triageByImage_.end() ? nullptr : &triage.images[it->second];
}

bool RunAnalysis::isBackgroundFalsePositive(std::size_t detection) const {
  return backgroundFalsePositives_.count(detection) > 0;
}

bool RunAnalysis::usesDefaultParams() const {
  return sameAnalysisParams(params, defaultParams);
}

void RunAnalysis::buildIndex() {
  detectionsByImage_.clear();
  triageByImage_.clear();
  for (std::size_t i = 0; i < analysis.detections.size(); ++i)
    detectionsByImage_[analysis.detections[i].imageId].push_back(i);
  for (std::size_t i = 0; i < triage.images.size(); ++i)
    triageByImage_[triage.images[i].imageId] = i;
  backgroundFalsePositives_.clear();
  if (!analysis.background.empty())
    backgroundFalsePositives_.insert(analysis.background.front().falsePositives.begin(),
                                     analysis.background.front().falsePositives.end());
}

}  // namespace posescope
