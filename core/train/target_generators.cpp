#include "train/target_generators.h"

#include <algorithm>
#include <cmath>

namespace posescope::train {

HeatmapGenerator::HeatmapGenerator(int outputRes, int numJoints, double sigma)
    : res_(outputRes), numJoints_(numJoints), sigma_(sigma < 0 ? outputRes / 64.0 : sigma) {
  // The reference builds np.arange(0, 6 sigma + 3): ceil of the (possibly fractional) size.
  patchSize_ = static_cast<int>(std::ceil(6 * sigma_ + 3));
  const double center = 3 * sigma_ + 1;
  patch_.resize(static_cast<size_t>(patchSize_) * patchSize_);
  for (int y = 0; y < patchSize_; ++y)
    for (int x = 0; x < patchSize_; ++x)
      patch_[static_cast<size_t>(y) * patchSize_ + x] = std::exp(
          -((x - center) * (x - center) + (y - center) * (y - center)) / (2 * sigma_ * sigma_));
}

std::vector<float> HeatmapGenerator::operator()(const std::vector<PersonJoints>& people) const {
  std::vector<float> maps(static_cast<size_t>(numJoints_) * res_ * res_, 0.0f);
  for (const auto& person : people) {
    for (int j = 0; j < numJoints_ && j < static_cast<int>(person.size()); ++j) {
      const auto& pt = person[j];
      if (pt[2] <= 0) continue;
      // Python's int(): truncation toward zero.
      const int x = static_cast<int>(pt[0]), y = static_cast<int>(pt[1]);
      if (x < 0 || y < 0 || x >= res_ || y >= res_) continue;
      const int ulx = static_cast<int>(std::nearbyint(x - 3 * sigma_ - 1));
      const int uly = static_cast<int>(std::nearbyint(y - 3 * sigma_ - 1));
      const int brx = static_cast<int>(std::nearbyint(x + 3 * sigma_ + 2));
      const int bry = static_cast<int>(std::nearbyint(y + 3 * sigma_ + 2));
      const int x0 = std::max(0, ulx), x1 = std::min(brx, res_);
      const int y0 = std::max(0, uly), y1 = std::min(bry, res_);
      float* map = maps.data() + static_cast<size_t>(j) * res_ * res_;
      for (int yy = y0; yy < y1; ++yy) {
        const int py = yy - uly;
        if (py >= patchSize_) break;
        for (int xx = x0; xx < x1; ++xx) {
          const int px = xx - ulx;
          if (px >= patchSize_) break;
          float& v = map[static_cast<size_t>(yy) * res_ + xx];
          v = std::max(v, static_cast<float>(patch_[static_cast<size_t>(py) * patchSize_ + px]));
        }
      }
    }
  }
  return maps;
}

JointsGenerator::JointsGenerator(int maxPeople, int numJoints, int outputRes, bool tagPerJoint)
    : maxPeople_(maxPeople), numJoints_(numJoints), res_(outputRes), tagPerJoint_(tagPerJoint) {}

std::vector<std::int64_t> JointsGenerator::operator()(
    const std::vector<PersonJoints>& people) const {
  std::vector<std::int64_t> out(static_cast<size_t>(maxPeople_) * numJoints_ * 2, 0);
  const int count = std::min(static_cast<int>(people.size()), maxPeople_);
  for (int i = 0; i < count; ++i) {
    int slot = 0;
    for (int j = 0; j < numJoints_ && j < static_cast<int>(people[i].size()); ++j) {
      const auto& pt = people[i][j];
      const int x = static_cast<int>(pt[0]), y = static_cast<int>(pt[1]);
      if (pt[2] <= 0 || x < 0 || y < 0 || x >= res_ || y >= res_) continue;
      const std::int64_t flat = static_cast<std::int64_t>(y) * res_ + x;
      const size_t at = (static_cast<size_t>(i) * numJoints_ + slot) * 2;
      out[at] = tagPerJoint_ ? j * static_cast<std::int64_t>(res_) * res_ + flat : flat;
      out[at + 1] = 1;
      ++slot;
    }
  }
  return out;
}

}  // namespace posescope::train
