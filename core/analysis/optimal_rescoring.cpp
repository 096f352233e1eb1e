#include "analysis/optimal_rescoring.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "eval/numpy_math.h"

namespace posescope {

namespace {

// The box of the keypoints (all joints, whatever their score), as coco-analyze measures it.
double keypointBoxArea(const std::vector<double>& k) {
  double x0 = k[0], x1 = k[0], y0 = k[1], y1 = k[1];
  for (std::size_t j = 3; j + 1 < k.size(); j += 3) {
    x0 = std::min(x0, k[j]);
    x1 = std::max(x1, k[j]);
    y0 = std::min(y0, k[j + 1]);
    y1 = std::max(y1, k[j + 1]);
  }
  return (x1 - x0) * (y1 - y0);
}

}  // namespace

std::vector<double> softNmsScores(const std::vector<KeypointDetection>& detections,
                                  const std::vector<std::size_t>& indices,
                                  const std::vector<double>& bestOks, const EvalParams& params) {
  const int J = params.numJoints();
  const double eps = std::numeric_limits<double>::epsilon();
  std::vector<double> variances(J);
  for (int k = 0; k < J; ++k) {
    const double twice = params.sigmas[k] * 2;
    variances[k] = twice * twice;
  }
  std::vector<double> score = bestOks;
  std::vector<double> area(indices.size());
  for (std::size_t i = 0; i < indices.size(); ++i) {
    area[i] = keypointBoxArea(detections[indices[i]].keypoints);
  }
  // `remaining` holds positions into `indices`; re-sorted (stably) before each pick, as the
  // reference sorts its list of remaining detections.
  std::vector<std::size_t> remaining(indices.size());
  for (std::size_t i = 0; i < remaining.size(); ++i) remaining[i] = i;
  std::vector<double> terms(J);
  while (!remaining.empty()) {
    std::stable_sort(remaining.begin(), remaining.end(),
                     [&](std::size_t a, std::size_t b) { return score[a] > score[b]; });
    const std::size_t m = remaining.front();
    remaining.erase(remaining.begin());
    const std::vector<double>& mk = detections[indices[m]].keypoints;
    for (std::size_t other : remaining) {
      const std::vector<double>& dk = detections[indices[other]].keypoints;
      const double scale = .5 * (area[m] + area[other]) + eps;
      for (int k = 0; k < J; ++k) {
        const double dx = dk[3 * k] - mk[3 * k], dy = dk[3 * k + 1] - mk[3 * k + 1];
        terms[k] = std::exp(-((dx * dx + dy * dy) / variances[k] / scale / 2));
      }
      const double oks = numpyPairwiseSum(terms.data(), terms.size()) / J;
      score[other] = score[other] * std::exp(-((oks * oks) / .5));
    }
  }
  return score;
}

}  // namespace posescope
