#include "widgets/pages/inspect/image_file_reader.h"

#include <algorithm>

#include "widgets/common/image_decoder.h"

namespace posescope {

namespace {

// A dark picture standing in for an image that cannot be read, as large as the people on it.
QImage placeholderImage(const ImageRecord& record) {
  int w = 640, h = 480;
  for (const auto& p : record.people)
    for (const auto& j : p.joints) {
      w = std::max(w, static_cast<int>(j[0]) + 16);
      h = std::max(h, static_cast<int>(j[1]) + 16);
    }
  QImage image(std::min(w, 4096), std::min(h, 4096), QImage::Format_RGB888);
  image.fill(QColor(24, 24, 24));
  return image;
}

}  // namespace

ImageFileReader::ImageFileReader(QObject* parent) : QObject(parent) {
  decoder_ = new ImageDecoder(this);
  // A file read ahead, or for an image no longer shown, changes nothing on the canvas.
  connect(decoder_, &ImageDecoder::decoded, this, [this](const QString& path) {
    if (reading() && path == awaitedPath_) Q_EMIT awaitedRead();
  });
}

QImage ImageFileReader::imageOf(const QString& path, const ImageRecord& record) {
  decoder_->request(path);
  const std::optional<ImageDecoder::Decoded> decoded = decoder_->cached(path);
  awaitedPath_ = decoded ? QString() : path;
  note_ = !decoded                  ? tr("reading the image\u2026")
          : decoded->image.isNull() ? decoded->error
                                    : QString();
  return decoded && !decoded->image.isNull() ? decoded->image : placeholderImage(record);
}

void ImageFileReader::readAhead(const QString& path) {
  decoder_->request(path);
}

void ImageFileReader::clear() {
  decoder_->clear();
  awaitedPath_.clear();
  note_.clear();
}

}  // namespace posescope
