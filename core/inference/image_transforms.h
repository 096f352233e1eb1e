#pragma once
// transforms.py's geometry: the "scale * 200" affine convention, multi-scale input sizes, the
// aligned resize, and the inverse mapping of heatmap coordinates back to the image.

#include <array>
#include <cstdint>

#include <opencv2/core/mat.hpp>

namespace posescope {

/// A 2x3 affine matrix, row-major, double precision (what cv2.getAffineTransform returns).
using Affine2x3 = std::array<double, 6>;

/// Center (pixels) and scale (image extent / 200 per axis) of a resized view of an image.
struct ScaleCenter {
  std::array<double, 2> center{0.0, 0.0};
  std::array<double, 2> scale{0.0, 0.0};
};

/// Output size and framing of get_multi_scale_size.
struct MultiScaleSize {
  int width = 0;
  int height = 0;
  ScaleCenter frame;
};

/// get_affine_transform with rotation 0 and no shift: maps the box of `frame` onto an image of
/// outputWidth x outputHeight (or back when inverse); points go through float32 as the reference's.
Affine2x3 getAffineTransform(const ScaleCenter& frame, double outputWidth, double outputHeight,
                             bool inverse);

/// affine_transform: the matrix applied to (x, y, 1).
std::array<double, 2> affineTransformPoint(const Affine2x3& t, double x, double y);

/// get_multi_scale_size for an image of width x height; sizes are multiples of 64 at minScale.
MultiScaleSize getMultiScaleSize(int width, int height, int64_t inputSize, double currentScale,
                                 double minScale);

/// resize_align_multi_scale: cv::warpAffine (bilinear, constant 0 border) of `image` to the size
/// getMultiScaleSize gives; `frame` receives its center and scale. Throws std::invalid_argument
/// on an empty image.
cv::Mat resizeAlignMultiScale(const cv::Mat& image, int64_t inputSize, double currentScale,
                              double minScale, ScaleCenter* frame);

/// transform_preds on `count` rows of `stride` floats whose first two are (x, y) in a map of
/// mapWidth x mapHeight: rewrites them in image coordinates (float32, as the reference stores
/// them).
void transformPreds(float* rows, int64_t count, int64_t stride, const ScaleCenter& frame,
                    double mapWidth, double mapHeight);

}  // namespace posescope
