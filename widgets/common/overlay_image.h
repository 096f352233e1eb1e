#pragma once
// Core's RGB pictures (cv::Mat) as QImages, and a record's overlay drawn at image resolution.

#include <QImage>
#include <cstddef>

#include "render/render_options.h"

namespace posescope {

struct ImageRecord;
struct OverlayScene;
struct RunOverlayData;

/// A QImage (RGB888, deep copy) of an RGB CV_8UC3 picture's bytes; null for an empty picture.
/// Takes data, cols, rows and step so that OpenCV stays out of widget headers.
QImage rgbBytesToQImage(const unsigned char* data, int width, int height, std::size_t step);

/// Core's renderRecordOverlay (render/run_overlay_data.h) as a QImage: `record` over its image
/// at full resolution, without maps. Throws as renderRecordOverlay.
QImage overlayImageOf(const RunOverlayData& data, const ImageRecord& record,
                      const RenderOptions& options);
/// The same framed for export (renderFramedRecordOverlay: drawn at least 768 px wide, a title
/// with the image id, AP and OKS and the layers and filters drawn with, a scale bar, a legend),
/// carrying the text of overlayPngText (setOverlayText). Throws as renderRecordOverlay.
QImage framedOverlayImageOf(const RunOverlayData& data, const ImageRecord& record,
                            const RenderOptions& options);

/// Sets on `image` the text an exported overlay's PNG carries (core's overlayPngText of `scene`
/// drawn with `options`: "posescope:layers", "posescope:filters", "posescope:hidden"), which
/// QImage::save writes as PNG text, as the CLI's overlays have it.
void setOverlayText(QImage& image, const OverlayScene& scene, const RenderOptions& options);

}  // namespace posescope
