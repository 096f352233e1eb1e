#include "analysis/error_images.h"

#include <algorithm>
#include <map>
#include <unordered_set>

namespace posescope {

namespace {

// The image ids of `items` in their order, each once.
template <typename Items>
std::vector<std::int64_t> uniqueImages(const Items& items) {
  std::vector<std::int64_t> ids;
  std::unordered_set<std::int64_t> seen;
  for (const auto& item : items)
    if (seen.insert(item.imageId).second) ids.push_back(item.imageId);
  return ids;
}

}  // namespace

std::vector<std::int64_t> imagesWithJointLabel(const KeypointAnalysis& analysis, JointLabel label,
                                               int joint) {
  std::map<std::int64_t, int> count;  // image id order breaks ties
  for (const DetectionAnalysis& d : analysis.detections) {
    for (std::size_t k = 0; k < d.joints.size(); ++k) {
      if (joint >= 0 && static_cast<int>(k) != joint) continue;
      if (d.joints[k] == label) ++count[d.imageId];
    }
  }
  std::vector<std::pair<std::int64_t, int>> ranked(count.begin(), count.end());
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& x, const auto& y) { return x.second > y.second; });
  std::vector<std::int64_t> ids;
  ids.reserve(ranked.size());
  for (const auto& [id, n] : ranked) ids.push_back(id);
  return ids;
}

std::vector<std::int64_t> imagesWithError(const KeypointAnalysis& analysis, const Triage& triage,
                                          ErrorType error) {
  switch (error) {
    case ErrorType::Baseline:
      return {};
    case ErrorType::Miss:
    case ErrorType::Swap:
    case ErrorType::Inversion:
    case ErrorType::Jitter:
      return imagesWithJointLabel(analysis, labelFixedBy(error));
    case ErrorType::Score:
      return uniqueImages(triage.worstOks);
    case ErrorType::BackgroundFP:
      return uniqueImages(triage.highScoreFalsePositives);
    case ErrorType::FalseNeg:
      return uniqueImages(triage.missedPeople);
  }
  return {};
}

}  // namespace posescope
