#pragma once
// Exported overlays framed for reading on their own: drawn large enough to read, a header naming
// the image, its scores and what the overlay was drawn with, a scale bar in image pixels and a
// legend.

#include <string>

#include <opencv2/core.hpp>

#include "render/overlay_scene.h"
#include "render/render_options.h"
#include "report/per_image_table.h"

namespace posescope {

/// Output pixels per image pixel for an exported overlay of an image of `size`: the whole
/// number that brings the longer side to at least `minLongSide` (1 for images that large
/// already; at most 8). Never fails.
double exportScaleFor(cv::Size size, int minLongSide = 768);

/// "image 42 · img_42.jpg · AP 0.523 · mean OKS 0.611 · 3 predicted, 2 in ground truth" (the
/// scores left out when unknown). Never fails.
std::string overlayTitle(const PerImageRow& row);

/// `overlay` (drawn at `scale` output pixels per image pixel, centred, the frame at least 320 px
/// wide) with a header above it: `title`, then what it was drawn with (overlayDrawnWithText of
/// `scene` and `options`: its layers, its display filters and the predictions they hide), each
/// wrapped onto as many lines as the width needs, never cut; and a footer: a scale bar of a round
/// length in image pixels, then the legend of the layers shown (exportLegend). Never fails.
cv::Mat frameForExport(const cv::Mat& overlay, double scale, const std::string& title,
                       const OverlayScene& scene, const RenderOptions& options);

}  // namespace posescope
