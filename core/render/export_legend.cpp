#include "render/export_legend.h"

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "render/palette.h"

namespace posescope {

namespace {

constexpr int kRowHeight = 24;
constexpr int kSampleMid = kRowHeight / 2;  // a sample's centre line
constexpr int kSampleWidth = 30;
constexpr int kMargin = 8;
constexpr double kFontScale = 0.5;
const cv::Scalar kFrameColor(32, 32, 32);
const cv::Scalar kTextColor(240, 240, 240);

// One entry: its sample drawn in a kSampleWidth x kRowHeight box at `origin`, then its name.
struct Entry {
  std::function<void(cv::Mat&, cv::Point)> sample;
  std::string name;
};

int textWidth(const std::string& text) {
  int baseline = 0;
  return cv::getTextSize(text, cv::FONT_HERSHEY_SIMPLEX, kFontScale, 1, &baseline).width;
}

void dashedLine(cv::Mat& out, cv::Point a, cv::Point b, const cv::Scalar& color) {
  for (int x = a.x; x < b.x; x += 6)
    cv::line(out, {x, a.y}, {std::min(x + 3, b.x), b.y}, color, 2, cv::LINE_AA);
}

std::vector<Entry> entriesOf(const RenderOptions& options) {
  std::vector<Entry> entries;
  if (options.showGroundTruth)
    entries.push_back({[](cv::Mat& out, cv::Point o) {
                         dashedLine(out, o + cv::Point(2, kSampleMid),
                                    o + cv::Point(18, kSampleMid), kGroundTruthColor);
                         cv::circle(out, o + cv::Point(23, kSampleMid), 4, kGroundTruthColor, 1,
                                    cv::LINE_AA);
                       },
                       "ground truth"});
  if (options.showPredictions)
    entries.push_back(
        {[](cv::Mat& out, cv::Point o) {
           cv::line(out, o + cv::Point(5, kSampleMid), o + cv::Point(23, kSampleMid),
                    personColor(0), 2, cv::LINE_AA);
           cv::circle(out, o + cv::Point(5, kSampleMid), 4, personColor(0), -1, cv::LINE_AA);
           cv::circle(out, o + cv::Point(23, kSampleMid), 4, personColor(1), -1, cv::LINE_AA);
         },
         "predictions"});
  if (options.showMatches) {
    entries.push_back({[](cv::Mat& out, cv::Point o) {
                         cv::line(out, o + cv::Point(2, kSampleMid), o + cv::Point(26, kSampleMid),
                                  kMatchColor, 2, cv::LINE_AA);
                       },
                       "match and its OKS"});
    if (options.markUnmatched) {
      entries.push_back(
          {[](cv::Mat& out, cv::Point o) {
             cv::line(out, o + cv::Point(8, kSampleMid - 6), o + cv::Point(20, kSampleMid + 6),
                      kUnmatchedColor, 2, cv::LINE_AA);
             cv::line(out, o + cv::Point(8, kSampleMid + 6), o + cv::Point(20, kSampleMid - 6),
                      kUnmatchedColor, 2, cv::LINE_AA);
           },
           "unmatched prediction"});
      entries.push_back({[](cv::Mat& out, cv::Point o) {
                           cv::circle(out, o + cv::Point(14, kSampleMid), 8, kUnmatchedColor, 2,
                                      cv::LINE_AA);
                         },
                         "missed person"});
    }
  }
  if (options.showCrowd)
    entries.push_back({[](cv::Mat& out, cv::Point o) {
                         const cv::Rect box(o.x + 4, o.y + kSampleMid - 7, 20, 14);
                         cv::rectangle(out, box, kCrowdColor, 1);
                         for (int x = box.x; x < box.x + box.width; x += 5)
                           cv::line(out, {x, box.y + box.height - 1},
                                    {std::min(x + 5, box.x + box.width - 1), box.y}, kCrowdColor,
                                    1);
                       },
                       "crowd region"});
  if (options.showErrors)
    for (JointLabel label : kJointLabels)
      entries.push_back({[label](cv::Mat& out, cv::Point o) {
                           const bool hollow = label == JointLabel::Unlabelled;
                           cv::circle(out, o + cv::Point(14, kSampleMid), 6, jointLabelColor(label),
                                      hollow ? 2 : -1, cv::LINE_AA);
                         },
                         "joint " + jointLabelName(label)});
  return entries;
}

}  // namespace

cv::Mat exportLegend(int width, const RenderOptions& options) {
  const std::vector<Entry> entries = entriesOf(options);
  if (entries.empty() || width <= 0) return {};
  // Lay the entries out in rows first, to know the strip's height.
  std::vector<cv::Point> origins;
  int x = kMargin, row = 0;
  for (const Entry& entry : entries) {
    const int entryWidth = kSampleWidth + 4 + textWidth(entry.name) + 16;
    if (x > kMargin && x + entryWidth > width - kMargin) {
      x = kMargin;
      ++row;
    }
    origins.emplace_back(x, row * kRowHeight);
    x += entryWidth;
  }
  cv::Mat out(kRowHeight * (row + 1) + 4, width, CV_8UC3, kFrameColor);
  for (std::size_t i = 0; i < entries.size(); ++i) {
    entries[i].sample(out, origins[i]);
    cv::putText(out, entries[i].name, origins[i] + cv::Point(kSampleWidth + 4, kRowHeight / 2 + 5),
                cv::FONT_HERSHEY_SIMPLEX, kFontScale, kTextColor, 1, cv::LINE_AA);
  }
  return out;
}

}  // namespace posescope
