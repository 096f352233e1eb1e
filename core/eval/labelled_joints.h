#pragma once
// Which joints of an annotated person are labelled, as the reference counts them (v > 0).

#include <cstddef>
#include <vector>

namespace posescope {

/// Whether joint `k` of `keypoints` (x, y, v per joint) is labelled: its v above 0.
inline bool jointLabelled(const std::vector<double>& keypoints, std::size_t k) {
  return keypoints[3 * k + 2] > 0;
}

/// How many joints of `keypoints` (x, y, v per joint) are labelled.
inline std::size_t labelledJoints(const std::vector<double>& keypoints) {
  std::size_t n = 0;
  for (std::size_t k = 0; 3 * k + 2 < keypoints.size(); ++k) n += jointLabelled(keypoints, k);
  return n;
}

}  // namespace posescope
