#pragma once
// pycocotools' accumulate with the score order kept: the keypoint analysis accumulates the same
// detections with the same scores a few dozen times (only their matches differ), and sorting
// ~15,000 detections each time was a fifth of its time.

#include <cstdint>
#include <optional>
#include <vector>

#include "eval/accumulate.h"

namespace posescope {

/// The order in which accumulate visits the detections of a set of images: concatenated in image
/// order, then stable-sorted by score, best first.
struct ScoreOrder {
  struct Entry {
    std::uint32_t image;      // position in the list of images
    std::uint32_t detection;  // position in that image's matching
  };
  std::vector<Entry> entries;
};

/// The score order of `images` (nullptr entries skipped).
ScoreOrder scoreOrderOf(const std::vector<const ImageAreaMatch*>& images);

/// accumulateMatches visiting the detections in `order`, which must be the score order of images
/// holding the same detections with the same scores as `images` (their matches may differ).
/// Throws std::logic_error when the order cannot be theirs (another count, scores not descending).
PrecisionRecall accumulateInOrder(const std::vector<const ImageAreaMatch*>& images,
                                  const EvalParams& params, const ScoreOrder& order,
                                  std::optional<std::size_t> onlyThreshold = std::nullopt);

}  // namespace posescope
