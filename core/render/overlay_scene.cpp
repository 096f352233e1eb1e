#include "render/overlay_scene.h"

namespace posescope {

GroundTruthIndex::GroundTruthIndex(const KeypointGroundTruth& gt, std::int64_t categoryId) {
  for (const auto& a : gt.annotations)
    if (a.categoryId == categoryId) byImage_[a.imageId].push_back(a);
}

std::vector<GroundTruthPerson> GroundTruthIndex::of(std::int64_t imageId) const {
  const auto it = byImage_.find(imageId);
  return it == byImage_.end() ? std::vector<GroundTruthPerson>() : it->second;
}

OverlayScene makeOverlayScene(const ImageRecord& record, DatasetKind kind,
                              const GroundTruthIndex& gt, const RunImageEvaluations& evaluations,
                              double matchThreshold) {
  OverlayScene scene;
  scene.skeleton = skeletonFor(kind);
  scene.predictions = record.people;
  scene.groundTruth = gt.of(record.imageId);
  scene.matches = evaluations.matchesFor(record, matchThreshold);
  return scene;
}

}  // namespace posescope
