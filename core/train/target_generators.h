#pragma once
// The reference's training targets (lib/dataset/target_generators): Gaussian heatmaps per joint
// and the flat tag-map indices of each person's joints for the associative-embedding loss.

#include <array>
#include <cstdint>
#include <vector>

namespace posescope::train {

/// One person's joints at a target resolution: K rows of (x, y, visibility).
using PersonJoints = std::vector<std::array<double, 3>>;

/// HeatmapGenerator: a (6 sigma + 3)-wide Gaussian patch pasted (maximum) at each labelled joint
/// inside the map; joints with v = 0 or outside are skipped. Never fails.
class HeatmapGenerator {
 public:
  /// `sigma` < 0 uses outputRes / 64 as the reference does.
  HeatmapGenerator(int outputRes, int numJoints, double sigma);
  /// K x res x res floats, row-major.
  std::vector<float> operator()(const std::vector<PersonJoints>& people) const;
  int outputRes() const { return res_; }

 private:
  int res_, numJoints_;
  double sigma_;
  int patchSize_;
  std::vector<double> patch_;  // patchSize_ x patchSize_
};

/// JointsGenerator: per person (up to maxPeople), its labelled in-map joints packed from slot 0 as
/// (joint * res^2 + y * res + x, 1) with tagPerJoint, else (y * res + x, 1). Never fails.
class JointsGenerator {
 public:
  JointsGenerator(int maxPeople, int numJoints, int outputRes, bool tagPerJoint);
  /// maxPeople x K x 2 integers, row-major (unused slots are 0).
  std::vector<std::int64_t> operator()(const std::vector<PersonJoints>& people) const;

 private:
  int maxPeople_, numJoints_, res_;
  bool tagPerJoint_;
};

}  // namespace posescope::train
