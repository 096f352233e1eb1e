#pragma once
// The one colour of each joint label (good, jitter, inversion, swap, miss, unlabelled), shared by
// the error layer of the overlays and the analysis charts, so a label reads the same everywhere.

#include <cstdint>

#include "analysis/joint_errors.h"

namespace posescope {

/// An sRGB colour, 0..255 per channel (converted to cv::Scalar or QColor where drawn).
struct LabelRgb {
  std::uint8_t r = 0, g = 0, b = 0;
};

/// The colour of `label`: good green, jitter amber, inversion purple, swap blue, miss red,
/// unlabelled grey (ColorBrewer's diverging hues, distinct for the common colour blindnesses but
/// red / green, which differ in lightness). Never fails.
constexpr LabelRgb jointLabelColor(JointLabel label) {
  switch (label) {
    case JointLabel::Good:
      return {26, 152, 80};
    case JointLabel::Jitter:
      return {244, 176, 54};
    case JointLabel::Inversion:
      return {123, 50, 148};
    case JointLabel::Swap:
      return {44, 123, 182};
    case JointLabel::Miss:
      return {215, 25, 28};
    case JointLabel::Unlabelled:
      break;
  }
  return {150, 150, 150};
}

}  // namespace posescope
