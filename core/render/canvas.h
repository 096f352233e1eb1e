#pragma once
// The drawing surface of the overlay layers: an RGB image, the image-to-canvas affine, and
// alpha-blended shape drawing.

#include <functional>

#include <opencv2/core.hpp>

namespace posescope {

/// An RGB (CV_8UC3) image drawn on, with the affine taking image pixels to canvas pixels
/// (identity at full image resolution; map-from-image at network resolution).
struct Canvas {
  cv::Mat rgb;
  cv::Matx23d fromImage{1, 0, 0, 0, 1, 0};

  /// Image pixel (x, y) in canvas pixels.
  cv::Point2d map(double x, double y) const;
  /// Lengths scale (sqrt of the affine's |determinant|), for sizes given in image pixels.
  double scale() const;
};

/// Sub-pixel bits used for OpenCV drawing calls (coordinates times 1 << kDrawShift).
inline constexpr int kDrawShift = 4;
/// `p` in OpenCV's fixed-point drawing coordinates, relative to `offset`.
cv::Point fixedPoint(const cv::Point2d& p, const cv::Point& offset = {});

/// Draws a shape into a coverage mask and blends `color` into `rgb` with opacity `alpha`
/// times coverage. `bounds` (canvas pixels, clipped to the image) is where the shape may be;
/// `draw` receives a zeroed CV_8U mask of that area and the area's top-left corner, and draws
/// with value 255. Does nothing when `bounds` misses the image or alpha <= 0.
void blendShape(cv::Mat& rgb, cv::Rect bounds, const cv::Scalar& color, double alpha,
                const std::function<void(cv::Mat& mask, const cv::Point& origin)>& draw);

/// Blends per-pixel colours `colors` (CV_8UC3, same size as `rgb`) with per-pixel opacity
/// `alpha` (CV_32F in [0, 1], same size). Throws std::invalid_argument on mismatched sizes.
void blendImage(cv::Mat& rgb, const cv::Mat& colors, const cv::Mat& alpha);

}  // namespace posescope
