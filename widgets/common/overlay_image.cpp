#include "widgets/common/overlay_image.h"

#include <opencv2/core.hpp>

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
  return rgbBytesToQImage(out.data, out.cols, out.rows, out.step);
}

}  // namespace posescope
