#pragma once
// The error layer's marks of one image: the keypoint error analysis of a run tied back to the
// record's predicted people and to the ground truth their joints landed on.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "analysis/keypoint_analysis.h"
#include "pipeline/image_record.h"
#include "render/overlay_scene.h"

namespace posescope {

/// Per person of `record`, its entry in the run's results (and so in the analysis' detections):
/// people with joints are written to results.json in order, so they take `imageDetections` (the
/// image's entries in results order) one by one; people without joints, and people past the end
/// of `imageDetections`, get none. Never fails.
std::vector<std::optional<std::size_t>> detectionsOfPeople(
    const ImageRecord& record, const std::vector<std::size_t>& imageDetections);

/// Indices into `analysis.detections` by image id, each image's in results order: the
/// `imageDetections` jointErrorMarks takes. Never fails.
std::unordered_map<std::int64_t, std::vector<std::size_t>> detectionsByImage(
    const KeypointAnalysis& analysis);

/// OverlayScene::jointErrors of `record`: per person, the labels of its detection in `analysis`
/// (none for an unlocalised detection) with where each swap and inversion landed, from the image's
/// `groundTruth`. Never fails; a mark whose person or joint is not in `groundTruth` gets no line.
std::vector<std::vector<JointErrorMark>> jointErrorMarks(
    const ImageRecord& record, const KeypointAnalysis& analysis,
    const std::vector<std::size_t>& imageDetections,
    const std::vector<GroundTruthPerson>& groundTruth);

}  // namespace posescope
