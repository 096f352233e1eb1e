#pragma once
// Renders an overlay: the enabled layers of RenderOptions over an image, at full image
// resolution or at network resolution.

#include <string>

#include <opencv2/core.hpp>

#include "pipeline/image_maps.h"
#include "render/overlay_scene.h"
#include "render/render_options.h"

namespace posescope {

/// Draws `scene` (and `maps` when the heatmap / tag layers are on) over a copy of `rgb`
/// (CV_8UC3, RGB). With options.projectMaps the result has the image's size; otherwise it has
/// the maps' size (the image warped into map space; needs `maps`). Layer order: heatmap, tags,
/// crowd regions, ground truth, matches, predictions, error labels. Deterministic. Throws Error for
/// an image that is not 8-bit RGB, map layers or network resolution without `maps`, inconsistent
/// maps; ConfigError for invalid options.
cv::Mat renderOverlay(const cv::Mat& rgb, const OverlayScene& scene, const RenderOptions& options,
                      const ImageMaps* maps = nullptr);

/// The picture renderOverlay draws at outputScale 1 (the image, or the maps at network
/// resolution) as a view sees it: `pictureToView` takes picture pixels to view pixels (a zoom
/// and a scroll), the result is `viewSize`. The image is resampled into the view (nearest
/// pixel when enlarged, so pixels stay visible) and every line, joint and label is drawn in view
/// pixels, at the options' jointRadius and lineWidth (0: from the picture's size at scale 1),
/// whatever the zoom: strokes and text keep their size on screen. outputScale is ignored.
/// Throws as renderOverlay.
cv::Mat renderOverlayView(const cv::Mat& rgb, const OverlayScene& scene,
                          const RenderOptions& options, const ImageMaps* maps,
                          const cv::Matx23d& pictureToView, cv::Size viewSize);

/// Reads an image file as RGB (decodeImage); throws DatasetError naming the file when it cannot
/// be read.
cv::Mat readImageRgb(const std::string& path);

/// Writes an RGB image as PNG through a temporary file renamed into place (no partial file is
/// left); throws Error naming the path when it cannot be written.
void writePngRgb(const cv::Mat& rgb, const std::string& path);

}  // namespace posescope
