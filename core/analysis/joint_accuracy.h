#pragma once
// Per-joint accuracy of the true positives at one OKS threshold: mean keypoint similarity (ks),
// PCK at ks >= 0.5 and >= 0.75, and the distribution of each joint's normalised distance.

#include <cstddef>
#include <string>
#include <vector>

#include "analysis/histogram.h"
#include "analysis/threshold_matching.h"
#include "eval/eval_params.h"
#include "eval/keypoint_data.h"

namespace posescope {

/// The ks of a prediction (dx, dy) pixels from a joint of sigma `sigma` on a person of OKS area
/// `area`: exp(-(dx² + dy²) / (2 sigma)² / (area + eps) / 2), one term of the OKS computed as the
/// OKS computes it (their mean over the labelled joints is the OKS).
double keypointSimilarity(double dx, double dy, double sigma, double area);

/// The same distance normalised by the joint's tolerance, d / (2 sigma sqrt(area + eps)), so that
/// ks = exp(-u² / 2): ks 0.5 at u = 1.177, ks 0.75 at u = 0.759.
double normalisedDistance(double dx, double dy, double sigma, double area);

/// One joint (or all joints pooled) over the labelled joints of the matched people.
struct JointAccuracy {
  std::string name;
  double sigma = 0;  // 0 for the pooled row
  /// Labelled joints (ground truth v > 0) of the people matched by a true positive: the
  /// denominator of the PCK and of the mean.
  std::size_t labelled = 0;
  double meanKs = -1;            // -1 when nothing is labelled
  double pck50 = -1;             // share with ks >= 0.5; -1 when nothing is labelled
  double pck75 = -1;             // share with ks >= 0.75
  EqualWidthHistogram distance;  // normalisedDistance of each labelled joint; far ones in `above`
};

/// The per-joint table of one category.
struct JointAccuracyTable {
  std::size_t truePositives = 0;
  std::vector<JointAccuracy> joints;  // in the category's joint order
  JointAccuracy allJoints;            // every labelled joint pooled, named "all"
};

/// Bins of the normalised distance histograms: `bins` equal bins on [0, max].
struct DistanceBins {
  double max = 3;
  std::size_t bins = 30;
};

/// The table of `matching`'s true positives, the ks computed with params' sigmas and OKS areas
/// (`detections` and `gt` those matchAtThreshold was given). Throws EvalError when params'
/// sigmas do not match the category's joints or for bad bins.
JointAccuracyTable jointAccuracy(const CategoryMatching& matching, const KeypointGroundTruth& gt,
                                 const std::vector<KeypointDetection>& detections,
                                 const EvalParams& params, const DistanceBins& bins = {});

}  // namespace posescope
