#pragma once
// What a run keeps for every image: grouped people, scores, per-stage timings, failure.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace posescope {

/// One grouped person: per joint (x, y, score, tag) in image pixels, and the person score.
struct PersonPrediction {
  std::vector<std::array<float, 4>> joints;
  double score = 0;
};

/// Milliseconds per pipeline stage for one image.
struct StageTimings {
  double decodeMs = 0;
  double preprocessMs = 0;
  double forwardMs = 0;
  double groupMs = 0;
  double postprocessMs = 0;
  double totalMs() const { return decodeMs + preprocessMs + forwardMs + groupMs + postprocessMs; }
};

/// Names of the stages, in StageTimings order.
const std::vector<std::string>& stageNames();
/// Value of stage `i` (0..4) of `t`.
double stageValue(const StageTimings& t, size_t i);

/// The record of one image of a run.
struct ImageRecord {
  size_t index = 0;  // position in the dataset
  std::int64_t imageId = 0;
  std::string file;
  std::vector<PersonPrediction> people;
  StageTimings times;
  std::string error;  // "" when the image was evaluated
  /// Why its forward is not a steady one ("first forward of replica 2", "first image at input
  /// 256x384": the graph compiled, oneDNN's kernels made for a new size), "" when it is. Timing
  /// statistics set such images aside (steadyRecords).
  std::string warmUp;
  bool failed() const { return !error.empty(); }
};

/// `record` without its people (their keypoints are most of its size): what the tables and
/// timing plots of many images keep. Never fails.
ImageRecord recordWithoutPeople(const ImageRecord& record);

/// One JSON object per record (records.jsonl); full float precision.
nlohmann::json recordToJson(const ImageRecord& record);
/// Parses recordToJson's output; throws posescope::Error naming `source` on bad content.
ImageRecord recordFromJson(const nlohmann::json& json, const std::string& source);

/// The reference's results entries (COCO results format) for one record: per person image_id,
/// category_id, keypoints (x, y, score) * J, score, and bbox from the keypoint extremes.
nlohmann::json recordToResults(const ImageRecord& record, int categoryId);

}  // namespace posescope
