#pragma once
// The heatmaps and tag maps of one image, as plain values (no Torch), for viewers and renderers.

#include <array>
#include <vector>

#include "pipeline/image_record.h"

namespace posescope {

/// Heatmaps and tag maps of one image, as the parser saw them (for the viewer).
struct ImageMaps {
  ImageRecord record;
  /// J x H x W, float, row-major (aggregated over scales, flip and stages).
  std::vector<float> heatmaps;
  /// J x H x W x S (S = scales x flip copies), float, row-major.
  std::vector<float> tags;
  int joints = 0, height = 0, width = 0, tagCopies = 0;
  /// Affine from map pixels to image pixels (2x3, row-major), for projecting maps onto the image.
  std::array<double, 6> mapToImage{};
};

}  // namespace posescope
