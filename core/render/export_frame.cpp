#include "render/export_frame.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <opencv2/imgproc.hpp>

namespace posescope {

namespace {

constexpr int kBarHeight = 30;
constexpr double kFontScale = 0.55;
const cv::Scalar kFrameColor(32, 32, 32);
const cv::Scalar kTextColor(240, 240, 240);

std::string fixed3(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3f", v);
  return buffer;
}

int textWidth(const std::string& text) {
  int baseline = 0;
  return cv::getTextSize(text, cv::FONT_HERSHEY_SIMPLEX, kFontScale, 1, &baseline).width;
}

}  // namespace

double exportScaleFor(cv::Size size, int minLongSide) {
  const int longest = std::max(size.width, size.height);
  if (longest <= 0 || longest >= minLongSide) return 1.0;
  return std::min(8.0, std::ceil(static_cast<double>(minLongSide) / longest));
}

std::string overlayTitle(const PerImageRow& row) {
  std::string title = "image " + std::to_string(row.imageId);
  if (!row.file.empty()) title += " \xc2\xb7 " + row.file;
  if (row.ap) title += " \xc2\xb7 AP " + fixed3(*row.ap);
  if (row.meanOks) title += " \xc2\xb7 mean OKS " + fixed3(*row.meanOks);
  title += " \xc2\xb7 " + std::to_string(row.people) + " predicted";
  if (row.groundTruthPeople >= 0)
    title += ", " + std::to_string(row.groundTruthPeople) + " in ground truth";
  if (!row.error.empty()) title += " \xc2\xb7 failed: " + row.error;
  return title;
}

cv::Mat frameForExport(const cv::Mat& overlay, double scale, const std::string& title) {
  const int width = std::max(overlay.cols, 320);
  cv::Mat out(overlay.rows + 2 * kBarHeight, width, CV_8UC3, kFrameColor);
  overlay.copyTo(out(cv::Rect(0, kBarHeight, overlay.cols, overlay.rows)));

  // OpenCV's fonts have no middle dot: a plain separator, shortened to the width.
  std::string text;
  for (std::size_t i = 0; i < title.size(); ++i) {
    if (title.compare(i, 2, "\xc2\xb7") == 0) {
      text += '|';
      ++i;
    } else {
      text += title[i];
    }
  }
  while (text.size() > 4 && textWidth(text) > width - 16)
    text = text.substr(0, text.size() - 4) + "...";
  cv::putText(out, text, {8, kBarHeight - 10}, cv::FONT_HERSHEY_SIMPLEX, kFontScale, kTextColor, 1,
              cv::LINE_AA);

  // Scale bar: the round length of image pixels closest below a quarter of the picture's width.
  const double target = overlay.cols / 4.0 / std::max(scale, 1e-9);
  double length = 1;
  for (double base = 1; base <= 1e6; base *= 10)
    for (double m : {1.0, 2.0, 5.0})
      if (base * m <= target) length = base * m;
  const int pixels = static_cast<int>(std::lround(length * scale));
  const int y = overlay.rows + kBarHeight + kBarHeight / 2;
  cv::line(out, {8, y}, {8 + pixels, y}, kTextColor, 2, cv::LINE_AA);
  cv::line(out, {8, y - 5}, {8, y + 5}, kTextColor, 2, cv::LINE_AA);
  cv::line(out, {8 + pixels, y - 5}, {8 + pixels, y + 5}, kTextColor, 2, cv::LINE_AA);
  char label[64];
  std::snprintf(label, sizeof label, "%g image px (drawn x%g)", length, scale);
  cv::putText(out, label, {16 + pixels, y + 5}, cv::FONT_HERSHEY_SIMPLEX, kFontScale, kTextColor, 1,
              cv::LINE_AA);
  return out;
}

}  // namespace posescope
