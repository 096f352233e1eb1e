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
  /// The table's first stat alone (AP over the OKS thresholds, area 'all'), -1 when no regular
  /// person is weighted in: a third of table()'s work, for one value per image.
  double ap(const std::vector<int>& weights) const;
  /// [i]: ap() with image i left out and every other image counted once, for every image at
  /// once (one pass over the detections per image and threshold, none of ap()'s allocations), on
  /// `threads` threads (0: every core).
  std::vector<double> apWithoutEach(int threads = 0) const;
  /// [i]: ap() of image i alone; -1 for an image without a regular person.
  std::vector<double> apOfEach() const;

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
  // The AP of the detections `entries` (accumulate's order) but those of image `skipped`, over
  // `people` regular people, whose true and false positives per threshold total `tpTotal` and
  // `fpTotal`: accumulate with weights 0 and 1, then ap()'s mean, to the last bit.
  double apOfEntries(const std::vector<Entry>& entries, std::uint32_t skipped, double people,
                     const double* tpTotal, const double* fpTotal) const;
  // The true and false positives per threshold of `entries` but image `skipped`'s.
  void countOutcomes(const std::vector<Entry>& entries, std::uint32_t skipped, double* tp,
                     double* fp) const;
  // Each image's entries, in accumulate's order.
  std::vector<std::vector<Entry>> entriesByImage(const Area& area) const;
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
