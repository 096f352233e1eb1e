#pragma once
// Decodes images ahead of the consumer on worker threads, delivering them in order.

#include <condition_variable>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <opencv2/core/mat.hpp>

namespace posescope {

/// One decoded image (RGB, 8-bit, 3 channels) or the reason it could not be decoded.
struct DecodedImage {
  size_t index = 0;
  cv::Mat rgb;          // empty when `error` is set
  std::string error;    // "" on success
  double decodeMs = 0;  // time spent reading and converting
};

/// Reads a file as valid.py does: cv2.imread(COLOR | IGNORE_ORIENTATION), then BGR->RGB.
/// Never throws: a missing or corrupt file gives an error text naming the path.
DecodedImage decodeImage(const std::string& path);

class DecodedImageCache;

/// Threads decode `paths` ahead of next(); at most `capacity` decoded images wait in memory.
/// Threads (not processes) share the address space, so no file descriptor outlives a decode.
class ImagePrefetcher {
 public:
  /// With a `cache` (decoded_image_cache.h), images found there are not decoded again and those
  /// decoded are added to it; the cache must outlive the prefetcher.
  ImagePrefetcher(std::vector<std::string> paths, int workers, int capacity,
                  DecodedImageCache* cache = nullptr);
  /// Stops the workers and joins them.
  ~ImagePrefetcher();
  ImagePrefetcher(const ImagePrefetcher&) = delete;
  ImagePrefetcher& operator=(const ImagePrefetcher&) = delete;

  /// Blocks until the next image in order is decoded; false after the last one or after stop().
  bool next(DecodedImage& out);
  /// Wakes and ends the workers; pending next() calls return false.
  void stop();

 private:
  void work();

  std::vector<std::string> paths_;
  size_t capacity_;
  DecodedImageCache* cache_;
  std::mutex mutex_;
  std::condition_variable ready_;  // consumer waits for the next index
  std::condition_variable room_;   // workers wait for space in the window
  std::map<size_t, DecodedImage> done_;
  size_t nextToClaim_ = 0;
  size_t nextToDeliver_ = 0;
  bool stopped_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace posescope
