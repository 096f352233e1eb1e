#include "render/export_frame.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "common/number_text.h"
#include "render/export_legend.h"
#include "render/overlay_drawn_with.h"

namespace posescope {

namespace {

constexpr int kBarHeight = 30;
constexpr int kLineHeight = 22;
constexpr int kTextMargin = 8;
constexpr double kFontScale = 0.55;
const cv::Scalar kFrameColor(32, 32, 32);
const cv::Scalar kTextColor(240, 240, 240);

int textWidth(const std::string& text) {
  int baseline = 0;
  return cv::getTextSize(text, cv::FONT_HERSHEY_SIMPLEX, kFontScale, 1, &baseline).width;
}

// `title` with OpenCV's missing middle dot as a plain separator.
std::string withPlainSeparators(const std::string& title) {
  std::string text;
  for (std::size_t i = 0; i < title.size(); ++i) {
    if (title.compare(i, 2, "\xc2\xb7") == 0) {
      text += '|';
      ++i;
    } else {
      text += title[i];
    }
  }
  return text;
}

// `text` broken into lines no wider than `width` pixels: at spaces, and inside a word only when
// the word alone is wider.
std::vector<std::string> wrapped(const std::string& text, int width) {
  std::vector<std::string> lines;
  std::string line;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    std::string word = text.substr(start, end - start);
    start = end + 1;
    const std::string joined = line.empty() ? word : line + " " + word;
    if (textWidth(joined) <= width) {
      line = joined;
      continue;
    }
    if (!line.empty()) lines.push_back(line);
    // A word wider than the line alone: as many characters as fit on each line.
    while (textWidth(word) > width && word.size() > 1) {
      std::size_t fit = 1;
      while (fit < word.size() && textWidth(word.substr(0, fit + 1)) <= width) ++fit;
      lines.push_back(word.substr(0, fit));
      word = word.substr(fit);
    }
    line = word;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
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
  if (row.ap) title += " \xc2\xb7 AP " + fixedText(*row.ap, 3);
  if (row.meanOks) title += " \xc2\xb7 mean OKS " + fixedText(*row.meanOks, 3);
  title += " \xc2\xb7 " + std::to_string(row.people) + " predicted";
  if (row.groundTruthPeople >= 0)
    title += ", " + std::to_string(row.groundTruthPeople) + " in ground truth";
  if (!row.error.empty()) title += " \xc2\xb7 failed: " + row.error;
  return title;
}

cv::Mat frameForExport(const cv::Mat& overlay, double scale, const std::string& title,
                       const OverlayScene& scene, const RenderOptions& options) {
  const int width = std::max(overlay.cols, 320);
  std::vector<std::string> header = wrapped(withPlainSeparators(title), width - 2 * kTextMargin);
  for (const std::string& line :
       wrapped(overlayDrawnWithText(scene, options), width - 2 * kTextMargin))
    header.push_back(line);
  const int headerHeight = kLineHeight * static_cast<int>(header.size()) + 10;
  const cv::Mat legend = exportLegend(width, options);
  cv::Mat out(headerHeight + overlay.rows + kBarHeight + legend.rows, width, CV_8UC3, kFrameColor);
  overlay.copyTo(
      out(cv::Rect((width - overlay.cols) / 2, headerHeight, overlay.cols, overlay.rows)));
  for (std::size_t i = 0; i < header.size(); ++i)
    cv::putText(out, header[i], {kTextMargin, kLineHeight * static_cast<int>(i + 1)},
                cv::FONT_HERSHEY_SIMPLEX, kFontScale, kTextColor, 1, cv::LINE_AA);
  if (!legend.empty())
    legend.copyTo(out(cv::Rect(0, headerHeight + overlay.rows + kBarHeight, width, legend.rows)));

  // Scale bar: the round length of image pixels closest below a quarter of the picture's width.
  const double target = overlay.cols / 4.0 / std::max(scale, 1e-9);
  double length = 1;
  for (double base = 1; base <= 1e6; base *= 10)
    for (double m : {1.0, 2.0, 5.0})
      if (base * m <= target) length = base * m;
  const int pixels = static_cast<int>(std::lround(length * scale));
  const int y = headerHeight + overlay.rows + kBarHeight / 2;
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
