#include "analysis/image_ranking.h"

#include <algorithm>

#include "common/errors.h"

namespace posescope {

std::string imageOrderName(ImageOrder order) {
  return order == ImageOrder::ApLost ? "AP lost" : "image AP";
}

std::string imageOrderKeyword(ImageOrder order) {
  return order == ImageOrder::ApLost ? "ap-lost" : "image-ap";
}

ImageOrder imageOrderFromKeyword(const std::string& keyword) {
  for (ImageOrder order : {ImageOrder::ApLost, ImageOrder::ImageAp})
    if (imageOrderKeyword(order) == keyword) return order;
  throw Error("unknown image order '" + keyword + "' (expected ap-lost or image-ap)");
}

std::vector<RankedImage> rankImages(const ResampledMetrics& metrics, ImageOrder order,
                                    int threads) {
  const std::size_t n = metrics.imageIds().size();
  const double datasetAp = metrics.ap(std::vector<int>(n, 1));
  const std::vector<double> without = metrics.apWithoutEach(threads);
  const std::vector<double> own = metrics.apOfEach();
  std::vector<RankedImage> ranked(n);
  for (std::size_t i = 0; i < n; ++i) {
    ranked[i].imageId = metrics.imageIds()[i];
    // A dataset that has no person left without the image has no AP to lose: 0.
    ranked[i].apLost = without[i] > -1 && datasetAp > -1 ? without[i] - datasetAp : 0;
    ranked[i].imageAp = own[i];
  }
  const auto worse = [order](const RankedImage& a, const RankedImage& b) {
    if (order == ImageOrder::ApLost) {
      if (a.apLost != b.apLost) return a.apLost > b.apLost;
    } else {
      const bool aDefined = a.imageAp > -1, bDefined = b.imageAp > -1;
      if (aDefined != bDefined) return aDefined;
      if (a.imageAp != b.imageAp) return a.imageAp < b.imageAp;
    }
    return a.imageId < b.imageId;
  };
  std::sort(ranked.begin(), ranked.end(), worse);
  return ranked;
}

std::vector<RankedImage> rankImages(const KeypointGroundTruth& gt,
                                    const std::vector<KeypointDetection>& results,
                                    const EvalParams& params, ImageOrder order, int threads) {
  return rankImages(ResampledMetrics(gt, results, params, threads), order, threads);
}

}  // namespace posescope
