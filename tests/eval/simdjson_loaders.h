#pragma once
// The ground truth and results loaders written on simdjson's On-Demand API, for
// json_loader_benchmark only: they fill the same structs with the same checks as
// core/eval's loaders, so the two JSON readers can be timed on equal work.

#include <string>
#include <vector>

#include "eval/keypoint_data.h"

namespace simdjsonloaders {

/// As posescope::loadGroundTruth, with simdjson reading the file.
posescope::KeypointGroundTruth loadGroundTruth(const std::string& path);
/// As posescope::loadResults, with simdjson reading the file.
std::vector<posescope::KeypointDetection> loadResults(const std::string& path);

}  // namespace simdjsonloaders
