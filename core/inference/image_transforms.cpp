#include "inference/image_transforms.h"

#include <cmath>
#include <stdexcept>

#include <opencv2/imgproc.hpp>

namespace posescope {

namespace {

// get_3rd_point in float32: b + (-(a - b).y, (a - b).x).
cv::Point2f thirdPoint(const cv::Point2f& a, const cv::Point2f& b) {
  const float dx = a.x - b.x;
  const float dy = a.y - b.y;
  return {b.x - dy, b.y + dx};
}

// Python's int() of a non-negative double (truncation).
int truncToInt(double v) {
  return static_cast<int>(std::trunc(v));
}

// Python's float floor division a // b for b > 0 (fmod based, as CPython computes it).
double pyFloorDiv(double a, double b) {
  double mod = std::fmod(a, b);
  double div = (a - mod) / b;
  if (mod != 0.0 && mod < 0.0) div -= 1.0;
  if (div == 0.0) return std::copysign(0.0, a / b);
  double floorDiv = std::floor(div);
  if (div - floorDiv > 0.5) floorDiv += 1.0;
  return floorDiv;
}

// Python's int((v + 63) // 64 * 64) on a double.
int roundUp64(double v) {
  return truncToInt(pyFloorDiv(v + 63.0, 64.0) * 64.0);
}

}  // namespace

Affine2x3 getAffineTransform(const ScaleCenter& frame, double outputWidth, double outputHeight,
                             bool inverse) {
  const double srcW = frame.scale[0] * 200.0;
  // get_dir([0, -srcW / 2], 0) is (0 * 1 - (-srcW / 2) * 0, 0 * 0 + (-srcW / 2) * 1).
  const double dirX = 0.0 * 1.0 - (srcW * -0.5) * 0.0;
  const double dirY = 0.0 * 0.0 + (srcW * -0.5) * 1.0;
  // The reference stores the points in float32 arrays; the arithmetic before storing is double
  // (center + src_dir), after storing float32 (get_3rd_point).
  cv::Point2f src[3];
  cv::Point2f dst[3];
  src[0] = cv::Point2f(static_cast<float>(frame.center[0]), static_cast<float>(frame.center[1]));
  src[1] = cv::Point2f(static_cast<float>(frame.center[0] + dirX),
                       static_cast<float>(frame.center[1] + dirY));
  src[2] = thirdPoint(src[0], src[1]);
  const float dstDirY = static_cast<float>(outputWidth * -0.5);
  dst[0] =
      cv::Point2f(static_cast<float>(outputWidth * 0.5), static_cast<float>(outputHeight * 0.5));
  dst[1] = cv::Point2f(static_cast<float>(outputWidth * 0.5 + 0.0),
                       static_cast<float>(outputHeight * 0.5 + static_cast<double>(dstDirY)));
  dst[2] = thirdPoint(dst[0], dst[1]);
  const cv::Mat m = inverse ? cv::getAffineTransform(dst, src) : cv::getAffineTransform(src, dst);
  Affine2x3 out{};
  for (int r = 0; r < 2; ++r) {
    for (int c = 0; c < 3; ++c) out[r * 3 + c] = m.at<double>(r, c);
  }
  return out;
}

std::array<double, 2> affineTransformPoint(const Affine2x3& t, double x, double y) {
  return {t[0] * x + t[1] * y + t[2] * 1.0, t[3] * x + t[4] * y + t[5] * 1.0};
}

MultiScaleSize getMultiScaleSize(int width, int height, int64_t inputSize, double currentScale,
                                 double minScale) {
  const double w = width;
  const double h = height;
  MultiScaleSize out;
  out.frame.center = {static_cast<double>(truncToInt(w / 2.0 + 0.5)),
                      static_cast<double>(truncToInt(h / 2.0 + 0.5))};
  const int minInputSize = roundUp64(minScale * static_cast<double>(inputSize));
  if (w < h) {
    out.width = truncToInt(minInputSize * currentScale / minScale);
    out.height = truncToInt(roundUp64(minInputSize / w * h) * currentScale / minScale);
    out.frame.scale = {w / 200.0, static_cast<double>(out.height) / out.width * w / 200.0};
  } else {
    out.height = truncToInt(minInputSize * currentScale / minScale);
    out.width = truncToInt(roundUp64(minInputSize / h * w) * currentScale / minScale);
    out.frame.scale = {static_cast<double>(out.width) / out.height * h / 200.0, h / 200.0};
  }
  return out;
}

cv::Mat resizeAlignMultiScale(const cv::Mat& image, int64_t inputSize, double currentScale,
                              double minScale, ScaleCenter* frame) {
  if (image.empty()) throw std::invalid_argument("resizeAlignMultiScale: empty image");
  const MultiScaleSize size =
      getMultiScaleSize(image.cols, image.rows, inputSize, currentScale, minScale);
  const Affine2x3 t = getAffineTransform(size.frame, size.width, size.height, false);
  const cv::Mat m(2, 3, CV_64F, const_cast<double*>(t.data()));
  cv::Mat resized;
  cv::warpAffine(image, resized, m, cv::Size(size.width, size.height), cv::INTER_LINEAR,
                 cv::BORDER_CONSTANT, cv::Scalar());
  if (frame != nullptr) *frame = size.frame;
  return resized;
}

void transformPreds(float* rows, int64_t count, int64_t stride, const ScaleCenter& frame,
                    double mapWidth, double mapHeight) {
  const Affine2x3 t = getAffineTransform(frame, mapWidth, mapHeight, true);
  for (int64_t p = 0; p < count; ++p) {
    float* row = rows + p * stride;
    const std::array<double, 2> q = affineTransformPoint(t, row[0], row[1]);
    row[0] = static_cast<float>(q[0]);
    row[1] = static_cast<float>(q[1]);
  }
}

}  // namespace posescope
