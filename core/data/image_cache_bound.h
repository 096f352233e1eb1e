#pragma once
// The decoded-image cache's default bound, apart from the cache (decoded_image_cache.h needs
// OpenCV): posescope-cli's Torch- and OpenCV-free front end prints it in sweep's help.

#include <cstddef>

namespace posescope {

/// The cache's default bound, 2 GiB: about 2,200 COCO val images (640 x 480 RGB), enough for a
/// sweep over a few thousand images and small beside a GPU machine's memory.
inline constexpr std::size_t kDefaultImageCacheBytes = std::size_t(2) << 30;

}  // namespace posescope
