#include "synth/person_pose.h"

#include <cmath>

namespace posescope::synth {

namespace {

// Unit direction in the body frame (x to the image's right, y down): angle 0 points down,
// pi/2 points away from the body on `side` (+1: image right, the person's left), pi points up.
cv::Point2d limbDirection(double side, double angle) {
  return {side * std::sin(angle), std::cos(angle)};
}

cv::Point2d rotate(const cv::Point2d& p, double angle) {
  const double c = std::cos(angle), s = std::sin(angle);
  return {c * p.x - s * p.y, s * p.x + c * p.y};
}

struct Limb {
  cv::Point2d middle, end;
};

// Two-segment limb from `root`: the first segment at `angle`, the second bent by `bend`.
Limb twoSegments(const cv::Point2d& root, double side, double angle, double bend, double upper,
                 double lower) {
  const cv::Point2d middle = root + upper * limbDirection(side, angle);
  return {middle, middle + lower * limbDirection(side, angle + bend)};
}

}  // namespace

PersonPose samplePose(SynthRng& rng, cv::Point2d hipCenter, double height) {
  // Body frame in units of the body height, origin at the hip centre.
  std::array<cv::Point2d, kNumJoints> p;
  const double width = rng.uniform(0.6, 1.1);  // body turned away from the camera narrows it
  const double turn = rng.uniform(-1.0, 1.0);  // head turn: -1 looks to the image's left
  const double torso = rng.uniform(0.27, 0.32);
  const cv::Point2d shoulderCenter{0.0, -torso};
  p[kLeftShoulder] = shoulderCenter + cv::Point2d(0.105 * width, rng.uniform(-0.01, 0.01));
  p[kRightShoulder] = shoulderCenter + cv::Point2d(-0.105 * width, rng.uniform(-0.01, 0.01));
  p[kLeftHip] = {0.07 * width, 0.0};
  p[kRightHip] = {-0.07 * width, 0.0};

  const double headRadius = 0.062;
  const cv::Point2d headCenter =
      shoulderCenter + rotate(cv::Point2d(0.0, -0.135), rng.uniform(-0.25, 0.25));
  const double faceWidth = 1.0 - 0.35 * std::abs(turn);
  p[kNose] = headCenter + cv::Point2d(0.034 * turn, 0.014);
  p[kLeftEye] = headCenter + cv::Point2d(0.026 * turn + 0.023 * faceWidth, -0.01);
  p[kRightEye] = headCenter + cv::Point2d(0.026 * turn - 0.023 * faceWidth, -0.01);
  p[kLeftEar] = headCenter + cv::Point2d(-0.012 * turn + 0.057 * faceWidth, 0.0);
  p[kRightEar] = headCenter + cv::Point2d(-0.012 * turn - 0.057 * faceWidth, 0.0);

  for (const double side : {1.0, -1.0}) {
    const bool left = side > 0;
    const double shorten = rng.uniform(0.75, 1.0);
    const double raise = rng.chance(0.3) ? rng.uniform(1.2, 2.8) : rng.uniform(-0.3, 1.2);
    const double bendSize = rng.uniform(0.0, 2.3);
    const double bend = bendSize * (rng.chance(0.7) ? -1.0 : 1.0);
    const Limb arm = twoSegments(p[left ? kLeftShoulder : kRightShoulder], side, raise, bend,
                                 0.16 * shorten, 0.14 * rng.uniform(0.8, 1.0));
    p[left ? kLeftElbow : kRightElbow] = arm.middle;
    p[left ? kLeftWrist : kRightWrist] = arm.end;

    const double spread = rng.chance(0.15) ? rng.uniform(0.7, 1.4) : rng.uniform(-0.2, 0.55);
    const double kneeSize = rng.uniform(0.0, 1.0);
    const double knee = kneeSize * (rng.chance(0.5) ? -1.0 : 1.0);
    const double shin = 0.235 * rng.uniform(0.85, 1.0);
    const double thigh = 0.235 * rng.uniform(0.8, 1.0);
    const Limb leg = twoSegments(p[left ? kLeftHip : kRightHip], side, spread, knee, thigh, shin);
    p[left ? kLeftKnee : kRightKnee] = leg.middle;
    p[left ? kLeftAnkle : kRightAnkle] = leg.end;
  }

  const double lean = rng.uniform(-0.2, 0.2);
  PersonPose pose;
  for (int j = 0; j < kNumJoints; ++j) pose.joints[j] = hipCenter + height * rotate(p[j], lean);
  pose.headCenter = hipCenter + height * rotate(headCenter, lean);
  pose.headRadius = headRadius * height;
  pose.height = height;
  return pose;
}

}  // namespace posescope::synth
