#pragma once
// The metric table of a results list recomputed for any multiset of images (each image counted
// 0, 1, 2, ... times) without matching again: what a bootstrap over images needs.

#include <cstdint>
#include <vector>

#include "eval/eval_params.h"
#include "eval/keypoint_data.h"
#include "eval/metric_table.h"

namespace posescope {

/// Per-image matches of one results list, kept ordered as the reference's accumulate orders them.
class ResampledMetrics {
 public:
  /// Matches `detections` to `gt` image by image with `params` (as evaluateKeypoints). Throws
  /// EvalError as evaluateKeypoints, and for a ground truth with more than one keypoint category.
  ResampledMetrics(const KeypointGroundTruth& gt, const std::vector<KeypointDetection>& detections,
                   const EvalParams& params, int threads = 0);

  /// The ground truth's images in id order: the positions `weights` refers to.
  const std::vector<std::int64_t>& imageIds() const { return imageIds_; }

  /// The metric table (valid.py's stats for the variant) of the dataset in which image i appears
  /// weights[i] times. With every weight 1 it equals evaluateKeypoints' table.
  MetricTable table(const std::vector<int>& weights) const;

 private:
  struct Entry {
    std::uint32_t image;    // position in imageIds_
    std::uint32_t matched;  // bit t: matched a person at threshold t
    std::uint32_t ignored;  // bit t: neither true nor false positive at threshold t
  };
  struct Area {
    std::vector<Entry> entries;      // every evaluated detection, in accumulate's order
    std::vector<int> regularPeople;  // per image: people counted for recall
    std::vector<char> present;       // per image: has people or detections of the category
  };
  // Interpolated precision (T x R) and recall (T) over the weighted images in `subset` (all
  // images when empty); -1 everywhere when no regular person is weighted in.
  void accumulate(const Area& area, const std::vector<int>& weights,
                  const std::vector<char>* subset, std::vector<double>& precision,
                  std::vector<double>& recall) const;

  EvalParams params_;
  std::size_t categories_ = 1;    // the ground truth's, as the reference averages over them
  std::size_t poseCategory_ = 0;  // position of the keypoint category among them (id order)
  std::vector<std::int64_t> imageIds_;
  std::vector<int> crowdSplit_;  // CrowdPose: 0 easy, 1 medium, 2 hard per image
  std::vector<Area> areas_;
};

}  // namespace posescope
