#include "eval/per_image_json.h"

#include <nlohmann/json.hpp>

namespace posescope {

std::string formatImageEvaluationJson(const ImageEvaluation& image) {
  nlohmann::json j;
  j["image_id"] = image.imageId;
  j["category_id"] = image.categoryId;
  j["ap"] = image.ap;
  j["mean_oks"] = image.meanOks;
  j["detections"] = image.detections;
  j["dropped_detections"] = image.droppedDetections;
  j["gt_ids"] = image.groundTruthIds;
  j["gt_ignored"] = image.groundTruthIgnored;
  nlohmann::json rows = nlohmann::json::array();
  const std::size_t G = image.groundTruthIds.size();
  for (std::size_t d = 0; d < image.detections.size() && G > 0; ++d) {
    rows.push_back(std::vector<double>(image.oks.begin() + d * G, image.oks.begin() + (d + 1) * G));
  }
  j["oks"] = rows;
  nlohmann::json thresholds = nlohmann::json::array();
  for (const auto& t : image.thresholds) {
    nlohmann::json matches = nlohmann::json::array();
    for (const auto& m : t.matches) {
      matches.push_back({m.detection, m.groundTruthId, m.oks, m.groundTruthIgnored});
    }
    thresholds.push_back({{"threshold", t.threshold},
                          {"matches", matches},
                          {"unmatched_detections", t.unmatchedDetections},
                          {"unmatched_gt_ids", t.unmatchedGroundTruths}});
  }
  j["thresholds"] = thresholds;
  return j.dump();
}

std::string formatImageEvaluationsJsonl(const std::vector<ImageEvaluation>& images) {
  std::string text;
  for (const auto& image : images) text += formatImageEvaluationJson(image) + "\n";
  return text;
}

}  // namespace posescope
