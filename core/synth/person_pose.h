#pragma once
// The articulated person model of the synthetic dataset: 17 COCO joints from a few body
// proportions and joint angles, facing the camera (so the person's left is on the image's right,
// as in a real photo, and a horizontal flip swaps left and right joints).

#include <array>

#include <opencv2/core/types.hpp>

#include "synth/synth_random.h"

namespace posescope::synth {

/// COCO joint order: nose, eyes, ears, shoulders, elbows, wrists, hips, knees, ankles (left first).
enum Joint {
  kNose = 0,
  kLeftEye,
  kRightEye,
  kLeftEar,
  kRightEar,
  kLeftShoulder,
  kRightShoulder,
  kLeftElbow,
  kRightElbow,
  kLeftWrist,
  kRightWrist,
  kLeftHip,
  kRightHip,
  kLeftKnee,
  kRightKnee,
  kLeftAnkle,
  kRightAnkle,
  kNumJoints
};

/// COCO's name of each joint, in Joint order (the annotation file's category lists them).
inline constexpr std::array<const char*, kNumJoints> kJointNames = {
    "nose",           "left_eye",   "right_eye",   "left_ear",   "right_ear",   "left_shoulder",
    "right_shoulder", "left_elbow", "right_elbow", "left_wrist", "right_wrist", "left_hip",
    "right_hip",      "left_knee",  "right_knee",  "left_ankle", "right_ankle"};

/// One posed person in image pixels.
struct PersonPose {
  std::array<cv::Point2d, kNumJoints> joints;
  cv::Point2d headCenter;
  double headRadius = 0;
  double height = 0;  // body height in pixels (ankles to the top of the head when standing)
};

/// Samples a plausible pose (lean, arm and leg angles, head turn, limb foreshortening) of a person
/// `height` pixels tall whose hip centre is at `hipCenter`; never fails.
PersonPose samplePose(SynthRng& rng, cv::Point2d hipCenter, double height);

}  // namespace posescope::synth
