#include "widgets/common/image_decoder.h"

#include <exception>

#include "render/overlay_renderer.h"
#include "widgets/common/overlay_image.h"
#include "widgets/session/background_job.h"

namespace posescope {

QImage decodeImage(const QString& path) {
  const cv::Mat rgb = readImageRgb(path.toStdString());
  return rgbBytesToQImage(rgb.data, rgb.cols, rgb.rows, rgb.step);
}

ImageDecoder::ImageDecoder(QObject* parent) : QObject(parent) {}

std::optional<ImageDecoder::Decoded> ImageDecoder::cached(const QString& path) const {
  for (const auto& [keptPath, decoded] : kept_)
    if (keptPath == path) return decoded;
  return std::nullopt;
}

void ImageDecoder::request(const QString& path) {
  for (auto it = kept_.begin(); it != kept_.end(); ++it)
    if (it->first == path) {
      kept_.splice(kept_.begin(), kept_, it);  // used again: kept longest
      return;
    }
  if (pending_.contains(path)) return;
  pending_.insert(path);
  inBackground(
      this,
      [path] {
        Decoded out;
        try {
          out.image = decodeImage(path);
        } catch (const std::exception& e) {
          out.error = QString::fromStdString(e.what());
        }
        return out;
      },
      [this, path, generation = generation_](Decoded decoded) {
        if (generation != generation_) return;
        pending_.remove(path);
        keep(path, std::move(decoded));
        Q_EMIT this->decoded(path);
      });
}

void ImageDecoder::clear() {
  kept_.clear();
  pending_.clear();
  ++generation_;
}

void ImageDecoder::keep(const QString& path, Decoded decoded) {
  kept_.emplace_front(path, std::move(decoded));
  while (kept_.size() > kKept) kept_.pop_back();
}

}  // namespace posescope
