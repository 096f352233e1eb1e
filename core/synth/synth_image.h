#pragma once
// One synthetic image: a background, several posed people, and their COCO-style annotations.

#include <array>
#include <cstdint>
#include <vector>

#include <opencv2/core/mat.hpp>

#include "synth/person_pose.h"

namespace posescope::synth {

/// COCO's `area` of a synthetic person: its box area times this factor (COCO people fill about
/// 60% of their box; the mannequins' own silhouettes are thinner, which would make OKS harsher).
constexpr double kAreaPerBoxArea = 0.6;

/// One keypoint as COCO stores it: x, y in pixels, v = 0 outside the image (x = y = 0),
/// 1 inside but hidden by a person drawn in front, 2 visible.
struct SynthKeypoint {
  double x = 0, y = 0;
  int v = 0;
};

/// One person's annotation.
struct SynthAnnotation {
  std::array<SynthKeypoint, kNumJoints> keypoints;
  int numKeypoints = 0;       // joints with v > 0
  std::array<int, 4> bbox{};  // x, y, w, h of the person's silhouette inside the image
  double area = 0;            // bbox w * h * kAreaPerBoxArea
};

/// The image (BGR, CV_8UC3) and its people, back to front.
struct SynthImage {
  cv::Mat image;
  std::vector<SynthAnnotation> people;
};

/// Renders the image an image seed determines (imageSeed() of dataset seed, split and index):
/// 176-256 x 160-224 pixels, 1-4 people of 35-100% of the image height, some truncated by the
/// border or overlapping; deterministic, never fails.
SynthImage renderSynthImage(std::uint64_t seed);

}  // namespace posescope::synth
