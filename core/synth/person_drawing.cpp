#include "synth/person_drawing.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include <opencv2/imgproc.hpp>

namespace posescope::synth {

namespace {

constexpr int kShift = 4;  // sub-pixel bits for OpenCV drawing
constexpr double kScale = 1 << kShift;

cv::Point fixed(const cv::Point2d& p) {
  return {static_cast<int>(std::lround(p.x * kScale)), static_cast<int>(std::lround(p.y * kScale))};
}

cv::Scalar shade(const cv::Scalar& c, double f) {
  return {std::clamp(c[0] * f, 0.0, 255.0), std::clamp(c[1] * f, 0.0, 255.0),
          std::clamp(c[2] * f, 0.0, 255.0)};
}

// Draws into a colour image, or into a mask with one value when `solid` is set.
class Painter {
 public:
  Painter(cv::Mat& target, bool solid, unsigned char value)
      : target_(target), solid_(solid), value_(value) {}

  void line(const cv::Point2d& a, const cv::Point2d& b, double thickness, const cv::Scalar& c) {
    cv::line(target_, fixed(a), fixed(b), color(c), std::max(1, static_cast<int>(thickness)),
             type(), kShift);
  }
  void circle(const cv::Point2d& center, double radius, const cv::Scalar& c) {
    cv::circle(target_, fixed(center), std::max(1, static_cast<int>(std::lround(radius * kScale))),
               color(c), cv::FILLED, type(), kShift);
  }
  void polygon(const std::vector<cv::Point2d>& points, const cv::Scalar& c) {
    std::vector<cv::Point> pts;
    pts.reserve(points.size());
    for (const auto& p : points) pts.push_back(fixed(p));
    cv::fillConvexPoly(target_, pts, color(c), type(), kShift);
  }
  bool solid() const { return solid_; }

 private:
  cv::Scalar color(const cv::Scalar& c) const { return solid_ ? cv::Scalar(value_) : c; }
  int type() const { return solid_ ? cv::LINE_8 : cv::LINE_AA; }

  cv::Mat& target_;
  bool solid_;
  unsigned char value_;
};

void paint(Painter& pt, const PersonPose& pose, const PersonStyle& s) {
  const auto& j = pose.joints;
  const double h = pose.height;
  const double leg = std::max(2.0, 0.066 * h), upperArm = std::max(2.0, 0.052 * h);
  const double forearm = std::max(2.0, 0.043 * h), marker = std::max(1.0, 0.022 * h);

  // Legs (behind the torso), with shoes and knee markers.
  for (const auto& [hip, knee, ankle] : {std::array<int, 3>{kLeftHip, kLeftKnee, kLeftAnkle},
                                         std::array<int, 3>{kRightHip, kRightKnee, kRightAnkle}}) {
    pt.line(j[hip], j[knee], leg, s.pants);
    pt.line(j[knee], j[ankle], leg * 0.9, shade(s.pants, 0.85));
    pt.circle(j[ankle], 0.036 * h, s.shoes);
    pt.circle(j[knee], marker, s.marker);
  }
  // Torso: shoulders and hips widened by half a limb.
  const cv::Point2d across = j[kLeftShoulder] - j[kRightShoulder];
  const double len = std::max(1e-6, std::hypot(across.x, across.y));
  const cv::Point2d out = across * (0.025 * h / len);
  const cv::Point2d hipAcross = j[kLeftHip] - j[kRightHip];
  const double hipLen = std::max(1e-6, std::hypot(hipAcross.x, hipAcross.y));
  const cv::Point2d hipOut = hipAcross * (0.03 * h / hipLen);
  pt.polygon({j[kLeftShoulder] + out, j[kRightShoulder] - out, j[kRightHip] - hipOut,
              j[kLeftHip] + hipOut},
             s.shirt);
  pt.line(j[kLeftHip], j[kRightHip], leg, shade(s.pants, 0.9));
  // Neck and head with a face.
  const cv::Point2d neck = (j[kLeftShoulder] + j[kRightShoulder]) * 0.5;
  pt.line(neck, pose.headCenter, std::max(2.0, 0.04 * h), shade(s.skin, 0.92));
  for (const int ear : {kLeftEar, kRightEar}) pt.circle(j[ear], 0.018 * h, shade(s.skin, 0.8));
  pt.circle(pose.headCenter, pose.headRadius, s.skin);
  if (!pt.solid()) {
    for (const int ear : {kLeftEar, kRightEar}) pt.circle(j[ear], 0.011 * h, shade(s.skin, 0.7));
    for (const int eye : {kLeftEye, kRightEye}) pt.circle(j[eye], 0.011 * h, s.eyes);
    pt.circle(j[kNose], 0.011 * h, shade(s.skin, 0.65));
  }
  // Arms in front: shirt sleeve, bare forearm, hand, elbow marker.
  for (const auto& [shoulder, elbow, wrist] :
       {std::array<int, 3>{kLeftShoulder, kLeftElbow, kLeftWrist},
        std::array<int, 3>{kRightShoulder, kRightElbow, kRightWrist}}) {
    pt.line(j[shoulder], j[elbow], upperArm, shade(s.shirt, 0.9));
    pt.line(j[elbow], j[wrist], forearm, s.skin);
    pt.circle(j[wrist], 0.027 * h, shade(s.skin, 0.85));
    pt.circle(j[elbow], marker, s.marker);
    pt.circle(j[shoulder], marker, s.marker);
  }
}

cv::Scalar randomColor(SynthRng& rng, double lo, double hi) {
  return {rng.uniform(lo, hi), rng.uniform(lo, hi), rng.uniform(lo, hi)};
}

}  // namespace

PersonStyle sampleStyle(SynthRng& rng) {
  static const cv::Scalar skins[] = {{180, 200, 240}, {140, 170, 220}, {100, 140, 190},
                                     {70, 100, 150},  {50, 75, 110},   {160, 190, 230}};
  PersonStyle s;
  const double skinShade = rng.uniform(0.9, 1.1);
  s.skin = shade(skins[rng.integer(0, 5)], skinShade);
  s.shirt = randomColor(rng, 20, 250);
  s.pants = randomColor(rng, 20, 200);
  s.shoes = randomColor(rng, 0, 80);
  s.marker = rng.chance(0.5) ? shade(s.shirt, 0.5) : randomColor(rng, 0, 255);
  s.eyes = {30, 30, 30};
  return s;
}

void drawPerson(cv::Mat& image, const PersonPose& pose, const PersonStyle& style) {
  Painter pt(image, false, 0);
  paint(pt, pose, style);
}

void drawSilhouette(cv::Mat& mask, const PersonPose& pose, unsigned char value) {
  Painter pt(mask, true, value);
  paint(pt, pose, PersonStyle{});
}

}  // namespace posescope::synth
