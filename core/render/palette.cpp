#include "render/palette.h"

#include <array>

namespace posescope {

namespace {

// Well separated hues, bright enough on photos; none is white, grey or the match yellow.
constexpr std::array<std::array<int, 3>, 12> kPalette = {{{230, 25, 75},
                                                          {60, 180, 75},
                                                          {0, 130, 200},
                                                          {245, 130, 48},
                                                          {145, 30, 180},
                                                          {70, 240, 240},
                                                          {240, 50, 230},
                                                          {210, 245, 60},
                                                          {0, 128, 128},
                                                          {170, 110, 40},
                                                          {128, 0, 0},
                                                          {0, 0, 128}}};

}  // namespace

cv::Scalar personColor(std::size_t index) {
  const auto& c = kPalette[index % kPalette.size()];
  return cv::Scalar(c[0], c[1], c[2]);
}

cv::Scalar jointLabelColor(JointLabel label) {
  // From good to bad in a warming order, swap apart in violet; all readable on photos and on the
  // dark canvas background.
  switch (label) {
    case JointLabel::Good:
      return {46, 204, 64};
    case JointLabel::Jitter:
      return {255, 220, 0};
    case JointLabel::Inversion:
      return {255, 133, 27};
    case JointLabel::Swap:
      return {190, 70, 255};
    case JointLabel::Miss:
      return {255, 45, 45};
    case JointLabel::Unlabelled:
      break;
  }
  return {170, 170, 170};
}

}  // namespace posescope
