#pragma once
// Draws a posed person as a thick-limbed mannequin (head with a face, torso, sleeves, hands,
// shoes, joint markers), in colour or as a silhouette mask.

#include <opencv2/core/mat.hpp>

#include "synth/person_pose.h"

namespace posescope::synth {

/// Colours of one person (BGR).
struct PersonStyle {
  cv::Scalar skin, shirt, pants, shoes, marker, eyes;
};

/// Samples skin, clothing and marker colours; never fails.
PersonStyle sampleStyle(SynthRng& rng);

/// Draws `pose` onto a CV_8UC3 image, anti-aliased; parts outside the image are clipped.
void drawPerson(cv::Mat& image, const PersonPose& pose, const PersonStyle& style);

/// Draws the same shapes filled with `value` onto a CV_8UC1 mask (no anti-aliasing).
void drawSilhouette(cv::Mat& mask, const PersonPose& pose, unsigned char value);

}  // namespace posescope::synth
