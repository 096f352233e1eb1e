#include "analysis/joint_errors.h"

#include <cmath>
#include <limits>

#include "eval/oks.h"

namespace posescope {

std::string jointLabelName(JointLabel label) {
  switch (label) {
    case JointLabel::Good:
      return "good";
    case JointLabel::Jitter:
      return "jitter";
    case JointLabel::Inversion:
      return "inversion";
    case JointLabel::Swap:
      return "swap";
    case JointLabel::Miss:
      return "miss";
    case JointLabel::Unlabelled:
      return "unlabelled";
  }
  return "unlabelled";
}

namespace {

// One candidate location for a predicted joint: a person's joint, possibly the mirrored one.
struct Candidate {
  const GroundTruthPerson* person;
  bool mirrored;
  double scale;  // the person's area + eps, the ks's denominator
};

}  // namespace

JointAnalysis analyzeJoints(const KeypointDetection& detection, const GroundTruthPerson& matched,
                            const std::vector<const GroundTruthPerson*>& people,
                            const AnalysisParams& params) {
  const int J = params.numJoints();
  const EvalVariant variant = params.eval.variant;
  const double eps = std::numeric_limits<double>::epsilon();  // np.spacing(1)

  // coco-analyze's row order: the matched person, the others in file order, then the same people
  // mirrored. Ties keep the first row, so the own joint wins over its mirror (the nose).
  auto scaleOf = [&](const GroundTruthPerson& p) { return groundTruthArea(p, variant) + eps; };
  std::vector<Candidate> rows{{&matched, false, scaleOf(matched)}};
  for (const GroundTruthPerson* p : people) {
    if (p != &matched) rows.push_back({p, false, scaleOf(*p)});
  }
  const std::size_t n = rows.size();
  if (params.inversionsComputed()) {
    for (std::size_t r = 0; r < n; ++r) rows.push_back({rows[r].person, true, rows[r].scale});
  }

  JointAnalysis out;
  out.labels.resize(J);
  out.ownKs.assign(J, -1);
  out.bestKs.assign(J, 0);
  out.bestPersonId.assign(J, matched.id);
  out.bestJoint.resize(J);
  out.corrected = detection.keypoints;
  const double matchedArea = groundTruthArea(matched, variant);

  for (int k = 0; k < J; ++k) {
    const double xd = detection.keypoints[3 * k], yd = detection.keypoints[3 * k + 1];
    const double twice = params.eval.sigmas[k] * 2;
    const double var = twice * twice;
    double best = -1;
    std::size_t bestRow = 0;
    for (std::size_t r = 0; r < rows.size(); ++r) {
      const int joint = rows[r].mirrored ? params.flipIndex[k] : k;
      const std::vector<double>& g = rows[r].person->keypoints;
      double ks = -1;  // an unlabelled joint is never the best candidate
      if (g[3 * joint + 2] > 0) {
        const double dx = g[3 * joint] - xd, dy = g[3 * joint + 1] - yd;
        ks = std::exp(-(dx * dx + dy * dy) / var / rows[r].scale / 2);
      }
      if (r == 0) out.ownKs[k] = ks;
      if (ks > best) {
        best = ks;
        bestRow = r;
      }
    }
    if (best < 0) best = 0;
    out.bestKs[k] = best;
    out.bestPersonId[k] = rows[bestRow].person->id;
    out.bestJoint[k] = rows[bestRow].mirrored ? params.flipIndex[k] : k;

    const double gx = matched.keypoints[3 * k], gy = matched.keypoints[3 * k + 1];
    JointLabel label;
    if (matched.keypoints[3 * k + 2] == 0) {
      label = JointLabel::Unlabelled;
    } else if (best < params.jitterLow) {
      label = JointLabel::Miss;
    } else if (bestRow == 0) {
      // coco-analyze leaves ks == high exactly without a label; it counts as good here.
      label = best >= params.jitterHigh ? JointLabel::Good : JointLabel::Jitter;
    } else if (params.inversionsComputed() && bestRow == n) {
      label = JointLabel::Inversion;
    } else {
      label = JointLabel::Swap;
    }
    out.labels[k] = label;

    // The distance along x at which the matched person's joint has similarity `ks`. coco-analyze
    // uses sigma² here where the OKS uses (2 sigma)², so a corrected joint lands at a higher ks
    // than the band's ends; reproduced as it is.
    auto offsetFor = [&](double ks) {
      return std::sqrt(-std::log(ks) * 2 * matchedArea *
                       (params.eval.sigmas[k] * params.eval.sigmas[k]));
    };
    switch (label) {
      case JointLabel::Good:
      case JointLabel::Unlabelled:
        break;
      case JointLabel::Jitter:
        out.corrected[3 * k] = gx + offsetFor(params.jitterHigh);
        out.corrected[3 * k + 1] = gy;
        break;
      case JointLabel::Miss:
        out.corrected[3 * k] = gx + offsetFor(params.jitterLow);
        out.corrected[3 * k + 1] = gy;
        break;
      case JointLabel::Inversion:
      case JointLabel::Swap: {
        const double ks = best == 0 ? eps : best == 1 ? 1 - eps : best;
        out.corrected[3 * k] = gx + offsetFor(ks);
        out.corrected[3 * k + 1] = gy;
        break;
      }
    }
  }
  return out;
}

}  // namespace posescope
