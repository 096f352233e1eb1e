#include "synth/background.h"

#include <cmath>

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

namespace posescope::synth {

namespace {

cv::Vec3d randomColor(SynthRng& rng) {
  return {rng.uniform(0, 255), rng.uniform(0, 255), rng.uniform(0, 255)};
}

cv::Mat gradient(SynthRng& rng, int width, int height, bool radial) {
  cv::Mat out(height, width, CV_8UC3);
  const cv::Vec3d a = randomColor(rng), b = randomColor(rng);
  const double angle = rng.uniform(0, 6.283185307179586);
  const double dx = std::cos(angle), dy = std::sin(angle);
  const double cx = rng.uniform(0, width), cy = rng.uniform(0, height);
  const double span = std::hypot(width, height);
  for (int y = 0; y < height; ++y) {
    auto* row = out.ptr<cv::Vec3b>(y);
    for (int x = 0; x < width; ++x) {
      double t = radial ? std::hypot(x - cx, y - cy) / span
                        : ((x - width / 2.0) * dx + (y - height / 2.0) * dy) / span + 0.5;
      t = std::min(1.0, std::max(0.0, t));
      const cv::Vec3d c = a * (1.0 - t) + b * t;
      row[x] = cv::Vec3b(cv::saturate_cast<uchar>(c[0]), cv::saturate_cast<uchar>(c[1]),
                         cv::saturate_cast<uchar>(c[2]));
    }
  }
  return out;
}

cv::Mat smoothNoise(SynthRng& rng, int width, int height) {
  const int cells = rng.integer(3, 12);
  cv::Mat small(cells, cells, CV_8UC3);
  const cv::Vec3d base = randomColor(rng);
  const double spread = rng.uniform(20, 90);
  for (int y = 0; y < cells; ++y)
    for (int x = 0; x < cells; ++x)
      for (int c = 0; c < 3; ++c)
        small.at<cv::Vec3b>(y, x)[c] =
            cv::saturate_cast<uchar>(base[c] + rng.uniform(-spread, spread));
  cv::Mat out;
  cv::resize(small, out, cv::Size(width, height), 0, 0, cv::INTER_CUBIC);
  return out;
}

void clutter(cv::Mat& image, SynthRng& rng) {
  const int count = rng.integer(2, 10);
  const int w = image.cols, h = image.rows;
  for (int i = 0; i < count; ++i) {
    const cv::Vec3d c = randomColor(rng);
    const cv::Scalar color(c[0], c[1], c[2]);
    const int y = rng.integer(0, h - 1);
    const int x = rng.integer(0, w - 1);
    const cv::Point p(x, y);
    switch (rng.integer(0, 2)) {
      case 0: {
        const int thickness = rng.chance(0.7) ? cv::FILLED : rng.integer(1, 4);
        const int height = rng.integer(5, h / 2);
        const int width = rng.integer(5, w / 2);
        cv::rectangle(image, p, p + cv::Point(width, height), color, thickness, cv::LINE_AA);
        break;
      }
      case 1: {
        const double angle = rng.uniform(0, 180);
        const int radiusY = rng.integer(3, h / 5);
        const int radiusX = rng.integer(3, w / 5);
        cv::ellipse(image, p, cv::Size(radiusX, radiusY), angle, 0, 360, color, cv::FILLED,
                    cv::LINE_AA);
        break;
      }
      default: {
        const int thickness = rng.integer(1, 5);
        const int endY = rng.integer(0, h - 1);
        const int endX = rng.integer(0, w - 1);
        cv::line(image, p, cv::Point(endX, endY), color, thickness, cv::LINE_AA);
      }
    }
  }
}

}  // namespace

cv::Mat drawBackground(SynthRng& rng, int width, int height) {
  cv::Mat image;
  switch (rng.integer(0, 2)) {
    case 0:
      image = gradient(rng, width, height, false);
      break;
    case 1:
      image = gradient(rng, width, height, true);
      break;
    default:
      image = smoothNoise(rng, width, height);
  }
  clutter(image, rng);
  return image;
}

void addNoise(cv::Mat& image, SynthRng& rng, double sigma) {
  if (sigma <= 0) return;
  cv::Mat noise(image.size(), CV_16SC3);
  cv::RNG cvRng(rng.next());
  cvRng.fill(noise, cv::RNG::NORMAL, cv::Scalar::all(0), cv::Scalar::all(sigma));
  cv::Mat sum;
  image.convertTo(sum, CV_16SC3);
  sum += noise;
  sum.convertTo(image, CV_8UC3);
}

}  // namespace posescope::synth
