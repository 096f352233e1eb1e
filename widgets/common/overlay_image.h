#pragma once
// Core's RGB pictures (cv::Mat) as QImages, and a record's overlay drawn at image resolution.

#include <QImage>
#include <cstddef>

#include "render/render_options.h"

namespace posescope {

struct ImageRecord;
struct RunOverlayData;

/// A QImage (RGB888, deep copy) of an RGB CV_8UC3 picture's bytes; null for an empty picture.
/// Takes data, cols, rows and step so that OpenCV stays out of widget headers.
QImage rgbBytesToQImage(const unsigned char* data, int width, int height, std::size_t step);

/// Core's renderRecordOverlay (render/run_overlay_data.h) as a QImage: `record` over its image
/// at full resolution, without maps. Throws as renderRecordOverlay.
QImage overlayImageOf(const RunOverlayData& data, const ImageRecord& record,
                      const RenderOptions& options);

}  // namespace posescope
