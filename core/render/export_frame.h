#pragma once
// Exported overlays framed for reading on their own: drawn large enough to read, a title naming
// the image and its scores, a scale bar in image pixels.

#include <string>

#include <opencv2/core.hpp>

#include "report/per_image_table.h"

namespace posescope {

/// Output pixels per image pixel for an exported overlay of an image of `size`: the whole
/// number that brings the longer side to at least `minLongSide` (1 for images that large
/// already; at most 8). Never fails.
double exportScaleFor(cv::Size size, int minLongSide = 768);

/// "image 42 · img_42.jpg · AP 0.523 · mean OKS 0.611 · 3 predicted, 2 in ground truth" (the
/// scores left out when unknown). Never fails.
std::string overlayTitle(const PerImageRow& row);

/// `overlay` (drawn at `scale` output pixels per image pixel) with a title bar above it and a
/// footer with a scale bar of a round length in image pixels; the title is shortened with "..."
/// when it does not fit. Never fails.
cv::Mat frameForExport(const cv::Mat& overlay, double scale, const std::string& title);

}  // namespace posescope
