#include "widgets/common/overlay_image.h"

#include <opencv2/core.hpp>

#include "render/overlay_drawn_with.h"
#include "render/run_overlay_data.h"

namespace posescope {

QImage rgbBytesToQImage(const unsigned char* data, int width, int height, size_t step) {
  if (!data || width <= 0 || height <= 0) return {};
  return QImage(data, width, height, static_cast<qsizetype>(step), QImage::Format_RGB888).copy();
}

QImage overlayImageOf(const RunOverlayData& data, const ImageRecord& record,
                      const RenderOptions& options) {
  const cv::Mat out = renderRecordOverlay(data, record, options);
  return rgbBytesToQImage(out.data, out.cols, out.rows, out.step);
}

QImage framedOverlayImageOf(const RunOverlayData& data, const ImageRecord& record,
                            const RenderOptions& options) {
  const cv::Mat out = renderFramedRecordOverlay(data, record, options);
  QImage image = rgbBytesToQImage(out.data, out.cols, out.rows, out.step);
  setOverlayText(image, data.sceneFor(record, options.matchThreshold), options);
  return image;
}

void setOverlayText(QImage& image, const OverlayScene& scene, const RenderOptions& options) {
  for (const auto& [key, value] : overlayPngText(scene, options))
    image.setText(QString::fromStdString(key), QString::fromStdString(value));
}

}  // namespace posescope
