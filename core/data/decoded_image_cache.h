#pragma once
// Decoded images kept for the next evaluation of the same images (a checkpoint sweep evaluates
// every checkpoint on one image list): decoding a JPEG costs more than copying its pixels.

#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>

#include "data/image_cache_bound.h"
#include "data/image_prefetcher.h"

namespace posescope {

/// Decoded images by file path, at most `capacityBytes` of pixels. The first evaluation fills it
/// (images are added while they fit, never evicted), later ones read it; images beyond the bound
/// are decoded again each time. Images share their pixels with the cache (cv::Mat's reference
/// count): readers must not write them. Thread-safe.
class DecodedImageCache {
 public:
  explicit DecodedImageCache(std::size_t capacityBytes = kDefaultImageCacheBytes);

  /// The image decoded from `path` (pixels shared, `index` and `decodeMs` as when first decoded),
  /// or false when it is not in the cache. Counts a hit.
  bool find(const std::string& path, DecodedImage& out) const;
  /// Keeps `image` (decoded from `path`) when it fits in what is left; a decoding error is kept
  /// too (its text only).
  void add(const std::string& path, const DecodedImage& image);

  std::size_t bytesUsed() const;
  /// Lookups answered from the cache, and images that did not fit.
  std::size_t hits() const;
  std::size_t refused() const;

 private:
  const std::size_t capacity_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, DecodedImage> images_;
  std::size_t bytes_ = 0;
  mutable std::size_t hits_ = 0;
  std::size_t refused_ = 0;
};

/// decodeImage(path) through `cache` when given: found there (decodeMs then the lookup's time), or
/// decoded and added. Never throws.
DecodedImage decodeImageCached(const std::string& path, DecodedImageCache* cache);

}  // namespace posescope
