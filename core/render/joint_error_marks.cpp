#include "render/joint_error_marks.h"

namespace posescope {

std::vector<std::optional<std::size_t>> detectionsOfPeople(
    const ImageRecord& record, const std::vector<std::size_t>& imageDetections) {
  std::vector<std::optional<std::size_t>> out(record.people.size());
  std::size_t next = 0;
  for (std::size_t p = 0; p < record.people.size() && next < imageDetections.size(); ++p)
    if (!record.people[p].joints.empty()) out[p] = imageDetections[next++];
  return out;
}

std::unordered_map<std::int64_t, std::vector<std::size_t>> detectionsByImage(
    const KeypointAnalysis& analysis) {
  std::unordered_map<std::int64_t, std::vector<std::size_t>> out;
  for (std::size_t i = 0; i < analysis.detections.size(); ++i)
    out[analysis.detections[i].imageId].push_back(i);
  return out;
}

std::vector<std::vector<JointErrorMark>> jointErrorMarks(
    const ImageRecord& record, const KeypointAnalysis& analysis,
    const std::vector<std::size_t>& imageDetections,
    const std::vector<GroundTruthPerson>& groundTruth) {
  auto jointOf = [&](std::int64_t personId, int joint) -> std::optional<std::array<double, 2>> {
    for (const GroundTruthPerson& person : groundTruth) {
      const std::size_t k = static_cast<std::size_t>(joint) * 3;
      if (person.id == personId && joint >= 0 && k + 1 < person.keypoints.size())
        return std::array<double, 2>{person.keypoints[k], person.keypoints[k + 1]};
    }
    return std::nullopt;
  };
  const auto people = detectionsOfPeople(record, imageDetections);
  std::vector<std::vector<JointErrorMark>> out(record.people.size());
  for (std::size_t p = 0; p < people.size(); ++p) {
    if (!people[p] || *people[p] >= analysis.detections.size()) continue;
    const DetectionAnalysis& d = analysis.detections[*people[p]];
    if (d.joints.size() != record.people[p].joints.size()) continue;  // not localised
    auto& marks = out[p];
    marks.resize(d.joints.size());
    for (std::size_t j = 0; j < d.joints.size(); ++j) {
      marks[j].label = d.joints[j];
      const bool landedElsewhere =
          d.joints[j] == JointLabel::Swap || d.joints[j] == JointLabel::Inversion;
      if (landedElsewhere && j < d.bestPersonId.size() && j < d.bestJoint.size())
        marks[j].landedAt = jointOf(d.bestPersonId[j], d.bestJoint[j]);
    }
  }
  return out;
}

}  // namespace posescope
