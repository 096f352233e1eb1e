#include "analysis/joint_accuracy.h"

#include <cmath>
#include <limits>

#include "common/errors.h"
#include "eval/oks.h"

namespace posescope {

namespace {

constexpr double kEps = std::numeric_limits<double>::epsilon();  // the OKS's np.spacing(1)

// The OKS's exponent, with its operations in the same order (oks.cpp) so that the ks equal its
// terms bit for bit.
double oksExponent(double dx, double dy, double sigma, double area) {
  const double twice = sigma * 2;
  return (dx * dx + dy * dy) / (twice * twice) / (area + kEps) / 2;
}

// Running sums of one row.
struct Tally {
  double ksSum = 0;
  std::size_t at50 = 0, at75 = 0;
  void add(JointAccuracy& row, double ks, double distance) {
    ++row.labelled;
    ksSum += ks;
    at50 += ks >= 0.5;
    at75 += ks >= 0.75;
    addToHistogram(row.distance, distance);
  }
  void finish(JointAccuracy& row) const {
    if (row.labelled == 0) return;
    const double n = static_cast<double>(row.labelled);
    row.meanKs = ksSum / n;
    row.pck50 = static_cast<double>(at50) / n;
    row.pck75 = static_cast<double>(at75) / n;
  }
};

}  // namespace

double keypointSimilarity(double dx, double dy, double sigma, double area) {
  return std::exp(-oksExponent(dx, dy, sigma, area));
}

double normalisedDistance(double dx, double dy, double sigma, double area) {
  return std::sqrt(2 * oksExponent(dx, dy, sigma, area));
}

JointAccuracyTable jointAccuracy(const CategoryMatching& matching, const KeypointGroundTruth& gt,
                                 const std::vector<KeypointDetection>& detections,
                                 const EvalParams& params, const DistanceBins& bins) {
  const std::size_t J = matching.jointNames.size();
  if (params.sigmas.size() != J) {
    throw EvalError("category '" + matching.name + "' has " + std::to_string(J) +
                    " joints but the settings give " + std::to_string(params.sigmas.size()) +
                    " sigmas");
  }
  JointAccuracyTable table;
  table.truePositives = matching.truePositives.size();
  const EqualWidthHistogram empty = equalWidthHistogram(0, bins.max, bins.bins);
  for (std::size_t j = 0; j < J; ++j) {
    table.joints.push_back({matching.jointNames[j], params.sigmas[j], 0, -1, -1, -1, empty});
  }
  table.allJoints = {"all", 0, 0, -1, -1, -1, empty};
  std::vector<Tally> tallies(J);
  Tally pooled;
  for (const TruePositive& tp : matching.truePositives) {
    const GroundTruthPerson& person = gt.annotations.at(tp.person);
    const std::vector<double>& predicted = detections.at(tp.detection).keypoints;
    const double area = groundTruthArea(person, params.variant);
    for (std::size_t j = 0; j < J; ++j) {
      if (!(person.keypoints[3 * j + 2] > 0)) continue;  // not labelled: not judged, as the OKS
      const double dx = predicted[3 * j] - person.keypoints[3 * j];
      const double dy = predicted[3 * j + 1] - person.keypoints[3 * j + 1];
      const double ks = keypointSimilarity(dx, dy, params.sigmas[j], area);
      const double u = normalisedDistance(dx, dy, params.sigmas[j], area);
      tallies[j].add(table.joints[j], ks, u);
      pooled.add(table.allJoints, ks, u);
    }
  }
  for (std::size_t j = 0; j < J; ++j) tallies[j].finish(table.joints[j]);
  pooled.finish(table.allJoints);
  return table;
}

}  // namespace posescope
