#include "synth/synth_image.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include <opencv2/imgproc.hpp>

#include "synth/background.h"
#include "synth/person_drawing.h"

namespace posescope::synth {

namespace {

struct Candidate {
  PersonPose pose;
  PersonStyle style;
  cv::Rect box;
};

double round2(double v) {
  return std::round(v * 100.0) / 100.0;
}

bool inside(double x, double y, const cv::Size& size) {
  return x >= 0 && y >= 0 && x < size.width && y < size.height;
}

double iou(const cv::Rect& a, const cv::Rect& b) {
  const double inter = (a & b).area();
  return inter / std::max(1.0, a.area() + b.area() - inter);
}

int peopleCount(SynthRng& rng) {
  const double u = rng.uniform(0, 1);
  return u < 0.2 ? 1 : u < 0.5 ? 2 : u < 0.8 ? 3 : 4;
}

// Samples a person that shows at least a few joints and does not hide an earlier one.
bool sampleCandidate(SynthRng& rng, const cv::Size& size, const std::vector<Candidate>& placed,
                     Candidate& out) {
  for (int attempt = 0; attempt < 30; ++attempt) {
    const double height = size.height * std::exp(rng.uniform(std::log(0.35), std::log(1.0)));
    const double hipY = rng.uniform(0.15, 0.95) * size.height;
    const cv::Point2d hip(rng.uniform(-0.1, 1.1) * size.width, hipY);
    Candidate c{samplePose(rng, hip, height), sampleStyle(rng), {}};
    int shown = 0;
    for (const auto& j : c.pose.joints) shown += inside(round2(j.x), round2(j.y), size);
    if (shown < 6) continue;
    cv::Mat mask = cv::Mat::zeros(size, CV_8UC1);
    drawSilhouette(mask, c.pose, 255);
    c.box = cv::boundingRect(mask);
    if (c.box.width < 8 || c.box.height < 8) continue;
    const bool overlapping = std::any_of(
        placed.begin(), placed.end(), [&](const Candidate& p) { return iou(p.box, c.box) > 0.4; });
    if (overlapping) continue;
    out = c;
    return true;
  }
  return false;
}

}  // namespace

SynthImage renderSynthImage(std::uint64_t seed) {
  SynthRng rng(seed);
  const int height = 16 * rng.integer(10, 14);
  const cv::Size size(16 * rng.integer(11, 16), height);
  SynthImage out;
  out.image = drawBackground(rng, size.width, size.height);

  std::vector<Candidate> people;
  const int wanted = peopleCount(rng);
  for (int k = 0; k < wanted; ++k) {
    Candidate c;
    if (sampleCandidate(rng, size, people, c)) people.push_back(c);
  }
  // Smaller people stand further back: draw them first.
  std::stable_sort(people.begin(), people.end(), [](const Candidate& a, const Candidate& b) {
    return a.pose.height < b.pose.height;
  });

  cv::Mat owner = cv::Mat::zeros(size, CV_8UC1);  // index + 1 of the front-most person per pixel
  for (size_t i = 0; i < people.size(); ++i) {
    drawPerson(out.image, people[i].pose, people[i].style);
    drawSilhouette(owner, people[i].pose, static_cast<unsigned char>(i + 1));
  }
  if (rng.chance(0.3)) cv::GaussianBlur(out.image, out.image, cv::Size(3, 3), 0);
  addNoise(out.image, rng, rng.uniform(0, 6));

  for (size_t i = 0; i < people.size(); ++i) {
    SynthAnnotation a;
    for (int j = 0; j < kNumJoints; ++j) {
      const double x = round2(people[i].pose.joints[j].x), y = round2(people[i].pose.joints[j].y);
      if (!inside(x, y, size)) continue;  // v = 0, x = y = 0
      const int front = owner.at<unsigned char>(static_cast<int>(y), static_cast<int>(x));
      a.keypoints[j] = {x, y, front > static_cast<int>(i + 1) ? 1 : 2};
      ++a.numKeypoints;
    }
    const cv::Rect& b = people[i].box;
    a.bbox = {b.x, b.y, b.width, b.height};
    a.area = round2(b.width * b.height * kAreaPerBoxArea);
    out.people.push_back(a);
  }
  return out;
}

}  // namespace posescope::synth
