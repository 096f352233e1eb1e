#include "data/decoded_image_cache.h"

#include <chrono>

namespace posescope {

namespace {

std::size_t pixelBytes(const DecodedImage& image) {
  return image.rgb.empty() ? 0 : image.rgb.total() * image.rgb.elemSize();
}

}  // namespace

DecodedImageCache::DecodedImageCache(std::size_t capacityBytes) : capacity_(capacityBytes) {}

bool DecodedImageCache::find(const std::string& path, DecodedImage& out) const {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = images_.find(path);
  if (it == images_.end()) return false;
  out = it->second;
  ++hits_;
  return true;
}

void DecodedImageCache::add(const std::string& path, const DecodedImage& image) {
  const std::size_t bytes = pixelBytes(image);
  std::lock_guard<std::mutex> lock(mutex_);
  if (images_.count(path)) return;
  if (bytes > capacity_ - bytes_) {
    ++refused_;
    return;
  }
  images_.emplace(path, image);
  bytes_ += bytes;
}

std::size_t DecodedImageCache::bytesUsed() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return bytes_;
}

std::size_t DecodedImageCache::hits() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return hits_;
}

std::size_t DecodedImageCache::refused() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return refused_;
}

DecodedImage decodeImageCached(const std::string& path, DecodedImageCache* cache) {
  DecodedImage image;
  const auto start = std::chrono::steady_clock::now();
  if (cache && cache->find(path, image)) {
    // The record's decode time is what this evaluation spent on the image: the lookup.
    image.decodeMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return image;
  }
  image = decodeImage(path);
  if (cache) cache->add(path, image);
  return image;
}

}  // namespace posescope
