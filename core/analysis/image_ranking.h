#pragma once
// Which images are worst: the orders the GUI, the CLI and the report rank images by, defined
// once. "AP lost" is what an image costs the dataset's AP; "image AP" is the image's own AP.

#include <cstdint>
#include <string>
#include <vector>

#include "analysis/resampled_metrics.h"

namespace posescope {

/// An order of images, worst first.
enum class ImageOrder {
  ApLost,   // the dataset's AP without the image minus its AP with it, largest first
  ImageAp,  // the image's own AP, lowest first; images without a labelled person last
};

/// "AP lost" or "image AP": the key's name, as lists and columns show it.
std::string imageOrderName(ImageOrder order);
/// "ap-lost" or "image-ap": the word the CLI takes (analyze --worst-by).
std::string imageOrderKeyword(ImageOrder order);
/// The order named by keyword; throws Error listing both when it is neither.
ImageOrder imageOrderFromKeyword(const std::string& keyword);

/// One image and both keys.
struct RankedImage {
  std::int64_t imageId = 0;
  /// AP (valid.py's: OKS .50:.95, area 'all') of the dataset without this image, minus the
  /// dataset's AP: how many AP points the image costs (negative: it lifts the AP).
  double apLost = 0;
  double imageAp = -1;  // the image's own AP; -1 when it has no labelled person
};

/// Every image of `metrics` (its ground truth's, id order) with both keys, sorted by `order`
/// (ties by image id). One AP evaluation per image, on `threads` threads (0: every core). Never
/// fails.
std::vector<RankedImage> rankImages(const ResampledMetrics& metrics, ImageOrder order,
                                    int threads = 0);

/// The images of `gt` ranked by `order` for `results` evaluated with `params` (the metric
/// table's settings). Throws EvalError as ResampledMetrics does, e.g. for a ground truth with
/// several keypoint categories (rank one: --category).
std::vector<RankedImage> rankImages(const KeypointGroundTruth& gt,
                                    const std::vector<KeypointDetection>& results,
                                    const EvalParams& params, ImageOrder order, int threads = 0);

}  // namespace posescope
