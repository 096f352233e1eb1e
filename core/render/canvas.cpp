#include "render/canvas.h"

#include <cmath>
#include <stdexcept>

namespace posescope {

cv::Point2d Canvas::map(double x, double y) const {
  const cv::Matx23d& m = fromImage;
  return {m(0, 0) * x + m(0, 1) * y + m(0, 2), m(1, 0) * x + m(1, 1) * y + m(1, 2)};
}

double Canvas::scale() const {
  const cv::Matx23d& m = fromImage;
  return std::sqrt(std::abs(m(0, 0) * m(1, 1) - m(0, 1) * m(1, 0)));
}

cv::Point fixedPoint(const cv::Point2d& p, const cv::Point& offset) {
  const double f = 1 << kDrawShift;
  return {static_cast<int>(std::lround((p.x - offset.x) * f)),
          static_cast<int>(std::lround((p.y - offset.y) * f))};
}

void blendShape(cv::Mat& rgb, cv::Rect bounds, const cv::Scalar& color, double alpha,
                const std::function<void(cv::Mat& mask, const cv::Point& origin)>& draw) {
  bounds &= cv::Rect(0, 0, rgb.cols, rgb.rows);
  if (bounds.empty() || alpha <= 0) return;
  cv::Mat mask = cv::Mat::zeros(bounds.size(), CV_8U);
  draw(mask, bounds.tl());
  const double a = std::min(alpha, 1.0) / 255.0;
  for (int y = 0; y < mask.rows; ++y) {
    const uchar* m = mask.ptr<uchar>(y);
    auto* px = rgb.ptr<cv::Vec3b>(bounds.y + y) + bounds.x;
    for (int x = 0; x < mask.cols; ++x) {
      if (m[x] == 0) continue;
      const double w = a * m[x];
      for (int c = 0; c < 3; ++c)
        px[x][c] = cv::saturate_cast<uchar>(px[x][c] * (1 - w) + color[c] * w);
    }
  }
}

void blendImage(cv::Mat& rgb, const cv::Mat& colors, const cv::Mat& alpha) {
  if (colors.size() != rgb.size() || alpha.size() != rgb.size() || colors.type() != CV_8UC3 ||
      alpha.type() != CV_32F)
    throw std::invalid_argument("blendImage: layer and image differ in size or type");
  for (int y = 0; y < rgb.rows; ++y) {
    auto* px = rgb.ptr<cv::Vec3b>(y);
    const auto* col = colors.ptr<cv::Vec3b>(y);
    const float* a = alpha.ptr<float>(y);
    for (int x = 0; x < rgb.cols; ++x) {
      const float w = std::clamp(a[x], 0.f, 1.f);
      if (w <= 0) continue;
      for (int c = 0; c < 3; ++c)
        px[x][c] = cv::saturate_cast<uchar>(px[x][c] * (1 - w) + col[x][c] * w);
    }
  }
}

}  // namespace posescope
