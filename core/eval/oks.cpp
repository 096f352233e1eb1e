#include "eval/oks.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "eval/numpy_math.h"

namespace posescope {

double groundTruthArea(const GroundTruthPerson& gt, EvalVariant variant) {
  if (variant == EvalVariant::CrowdPose) return gt.bbox[2] * gt.bbox[3] * 0.53;
  return gt.area.value_or(0.0);
}

double detectionArea(const KeypointDetection& d) {
  if (d.area) return *d.area;
  if (d.keypoints.size() < 3) return 0.0;
  double x0 = d.keypoints[0], x1 = x0, y0 = d.keypoints[1], y1 = y0;
  for (std::size_t k = 3; k + 2 < d.keypoints.size(); k += 3) {
    x0 = std::min(x0, d.keypoints[k]);
    x1 = std::max(x1, d.keypoints[k]);
    y0 = std::min(y0, d.keypoints[k + 1]);
    y1 = std::max(y1, d.keypoints[k + 1]);
  }
  return (x1 - x0) * (y1 - y0);
}

std::vector<double> computeOksMatrix(const std::vector<const GroundTruthPerson*>& gts,
                                     const std::vector<const KeypointDetection*>& dts,
                                     const EvalParams& params) {
  const std::size_t G = gts.size(), D = dts.size();
  std::vector<double> oks(D * G, 0.0);
  if (G == 0 || D == 0) return oks;
  const int J = params.numJoints();
  std::vector<double> vars(J);
  for (int k = 0; k < J; ++k) {
    const double twice = params.sigmas[k] * 2;
    vars[k] = twice * twice;
  }
  const double eps = std::numeric_limits<double>::epsilon();  // np.spacing(1)
  std::vector<double> terms(J);
  for (std::size_t j = 0; j < G; ++j) {
    const GroundTruthPerson& g = *gts[j];
    int visible = 0;
    for (int k = 0; k < J; ++k) visible += g.keypoints[3 * k + 2] > 0;
    const auto& bb = g.bbox;
    const double x0 = bb[0] - bb[2], x1 = bb[0] + bb[2] * 2;
    const double y0 = bb[1] - bb[3], y1 = bb[1] + bb[3] * 2;
    const double scale = groundTruthArea(g, params.variant) + eps;
    for (std::size_t i = 0; i < D; ++i) {
      const std::vector<double>& d = dts[i]->keypoints;
      int n = 0;
      for (int k = 0; k < J; ++k) {
        const double xd = d[3 * k], yd = d[3 * k + 1];
        double dx, dy;
        if (visible > 0) {
          if (!(g.keypoints[3 * k + 2] > 0)) continue;
          dx = xd - g.keypoints[3 * k];
          dy = yd - g.keypoints[3 * k + 1];
        } else {
          dx = std::max(0.0, x0 - xd) + std::max(0.0, xd - x1);
          dy = std::max(0.0, y0 - yd) + std::max(0.0, yd - y1);
        }
        const double e = (dx * dx + dy * dy) / vars[k] / scale / 2;
        terms[n++] = std::exp(-e);
      }
      oks[i * G + j] = numpyPairwiseSum(terms.data(), n) / n;
    }
  }
  return oks;
}

}  // namespace posescope
