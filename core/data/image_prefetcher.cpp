#include "data/image_prefetcher.h"

#include <algorithm>
#include <chrono>
#include <filesystem>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "data/decoded_image_cache.h"

namespace posescope {

DecodedImage decodeImage(const std::string& path) {
  DecodedImage out;
  const auto start = std::chrono::steady_clock::now();
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    out.error = "image file '" + path + "' not found";
  } else {
    cv::Mat bgr;
    try {
      bgr = cv::imread(path, cv::IMREAD_COLOR | cv::IMREAD_IGNORE_ORIENTATION);
    } catch (const cv::Exception& e) {
      out.error = "image '" + path + "' could not be decoded: " + e.what();
    }
    if (out.error.empty() && bgr.empty()) {
      out.error = "image '" + path + "' could not be decoded (corrupt or not an image)";
    } else if (out.error.empty()) {
      cv::cvtColor(bgr, out.rgb, cv::COLOR_BGR2RGB);
    }
  }
  out.decodeMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return out;
}

ImagePrefetcher::ImagePrefetcher(std::vector<std::string> paths, int workers, int capacity,
                                 DecodedImageCache* cache)
    : paths_(std::move(paths)),
      capacity_(static_cast<size_t>(std::max(1, capacity))),
      cache_(cache) {
  const int n = std::max(1, std::min<int>(workers, static_cast<int>(paths_.size())));
  for (int i = 0; i < n && !paths_.empty(); ++i) workers_.emplace_back([this] { work(); });
}

ImagePrefetcher::~ImagePrefetcher() {
  stop();
  for (auto& t : workers_) t.join();
}

void ImagePrefetcher::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopped_ = true;
  }
  ready_.notify_all();
  room_.notify_all();
}

void ImagePrefetcher::work() {
  for (;;) {
    size_t index;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      // Claim only within the window so memory stays bounded by `capacity_` images.
      room_.wait(lock, [this] {
        return stopped_ || nextToClaim_ >= paths_.size() ||
               nextToClaim_ < nextToDeliver_ + capacity_;
      });
      if (stopped_ || nextToClaim_ >= paths_.size()) return;
      index = nextToClaim_++;
    }
    DecodedImage image = decodeImageCached(paths_[index], cache_);
    image.index = index;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_.emplace(index, std::move(image));
    }
    ready_.notify_all();
  }
}

bool ImagePrefetcher::next(DecodedImage& out) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (nextToDeliver_ >= paths_.size()) return false;
  ready_.wait(lock, [this] { return stopped_ || done_.count(nextToDeliver_) > 0; });
  if (stopped_) return false;
  auto it = done_.find(nextToDeliver_);
  out = std::move(it->second);
  done_.erase(it);
  ++nextToDeliver_;
  lock.unlock();
  room_.notify_all();
  return true;
}

}  // namespace posescope
