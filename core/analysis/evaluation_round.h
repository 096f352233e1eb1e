#pragma once
// One pass of the reference's per-image evaluation (evaluateImg + accumulate) over detections the
// analysis may have corrected, for one area range: the building block of every "AP if fixed".

#include <cstdint>
#include <vector>

#include "eval/accumulate_in_order.h"
#include "eval/eval_params.h"
#include "eval/image_matching.h"
#include "eval/keypoint_data.h"

namespace posescope {

/// One keypoint category's people and detections grouped per image, images in id order (the
/// order in which the reference concatenates them).
struct ImageGroups {
  std::int64_t categoryId = 0;
  std::vector<std::int64_t> imageIds;  // images holding people or detections of the category
  std::vector<std::vector<const GroundTruthPerson*>> people;  // per image, file order
  std::vector<std::vector<std::size_t>> detections;  // per image, indices into the list, file order
};

/// Groups `gt`'s people and `detections` of `categoryId` by image, keeping of each image only its
/// `maxDets` best scored detections (stable order; the reference never evaluates the others);
/// detections scored below `minScore` are left out as if absent. Every image of `gt` with people
/// or kept detections is listed.
ImageGroups groupByImage(const KeypointGroundTruth& gt,
                         const std::vector<KeypointDetection>& detections, std::int64_t categoryId,
                         double minScore, std::size_t maxDets);

/// The evaluation of one image: which detections were evaluated and how they matched.
struct ImageRound {
  std::vector<std::size_t> evaluated;  // detection indices, best score first, at most maxDets
  ImageInput input;                    // points into the detections given to evaluateRound
  ImageAreaMatch match;
};

/// The OKS of every detection of each image of `groups` (file order, as groups.detections) with
/// each of the image's people, for the keypoints the detections have when it is computed.
struct OksCache {
  std::vector<std::vector<double>> perImage;  // [image][position * people + person]
};

/// Computes the cache for `detections`; never fails for input that passed checkDetections.
OksCache computeOksCache(const ImageGroups& groups,
                         const std::vector<KeypointDetection>& detections, const EvalParams& params,
                         int threads);

/// Evaluates every image of `groups` for `area` at `params.iouThrs`, keeping the `maxDets` best
/// scored detections of each image (stable order), with OKS from `params.sigmas`. The result points
/// into `detections`, which must outlive it. Never fails for input that passed checkDetections.
/// With `cache`, OKS rows are taken from it except for the detections flagged in `changed`
/// (keypoints moved since the cache was computed; nullptr: none), which are recomputed.
std::vector<ImageRound> evaluateRound(const ImageGroups& groups,
                                      const std::vector<KeypointDetection>& detections,
                                      const EvalParams& params, const AreaRange& area,
                                      std::size_t maxDets, int threads,
                                      const OksCache* cache = nullptr,
                                      const std::vector<char>* changed = nullptr);

/// The images of a round evaluated again after some of their detections moved.
struct RoundChanges {
  std::vector<std::size_t> images;  // positions in ImageGroups
  std::vector<ImageRound> rounds;   // their new evaluation, in that order
};

/// Evaluates again only the images holding a detection flagged in `changed`, with the OKS of
/// those detections recomputed: cheaper than evaluateRound when few detections moved. The result
/// points into `detections`.
RoundChanges reevaluateChanged(const ImageGroups& groups,
                               const std::vector<KeypointDetection>& detections,
                               const EvalParams& params, const AreaRange& area, std::size_t maxDets,
                               int threads, const OksCache& cache,
                               const std::vector<char>& changed);

/// The order in which accumulate visits the detections of `round`: one serves every round of the
/// same detections with the same scores.
ScoreOrder scoreOrderOf(const std::vector<ImageRound>& round);

/// accumulate over `base` (a round of the same area and thresholds) with the changed images'
/// evaluations in place of theirs; `order` is the score order of `base`.
PrecisionRecall accumulateRound(const std::vector<ImageRound>& base, const RoundChanges& changes,
                                const EvalParams& params, const ScoreOrder& order);

/// pycocotools' accumulate over the images of a round (T x 101 precision, T recalls), visiting the
/// detections in `order`, the score order of the round or of one with the same scores.
PrecisionRecall accumulateRound(const std::vector<ImageRound>& round, const EvalParams& params,
                                const ScoreOrder& order,
                                std::optional<std::size_t> onlyThreshold = std::nullopt);

/// Mean interpolated precision at threshold `t` over the recall points (entries of -1 left out;
/// -1 when all are), as coco-analyze's `auc`.
double averagePrecisionAt(const PrecisionRecall& pr, std::size_t t, std::size_t recallPoints);

}  // namespace posescope
