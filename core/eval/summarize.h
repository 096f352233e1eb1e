#pragma once
// valid.py's stats from accumulated precision and recall: pycocotools' summarize() for COCO,
// crowdposetools' for CrowdPose (its easy / medium / hard APs included). The means are those of
// posescope.cocoeval's summarize() too (summaryStat and crowdSplitAp, bound in python/native).

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "eval/accumulate.h"
#include "eval/eval_params.h"
#include "eval/metric_table.h"

namespace posescope {

/// The stat names valid.py prints for `variant`, in order.
std::vector<std::string> statNames(EvalVariant variant);

/// np.mean(values[values > -1]), or -1 when none is left (the reference's summarize).
double meanOfValid(const std::vector<double>& values);

/// A read-only row-major view of one of pycocotools' accumulate() arrays: precision
/// [T, R, K, A, M], or recall [T, K, A, M] as R = 1.
struct AccumulatedArray {
  const double* values = nullptr;
  std::size_t T = 0, R = 1, K = 0, A = 0, M = 0;
  bool precision = true;  // AP's array (precision), or AR's (recall)

  [[nodiscard]] double at(std::size_t t, std::size_t r, std::size_t k, std::size_t a,
                          std::size_t m) const {
    return values[(((t * R + r) * K + k) * A + a) * M + m];
  }
};

/// What one line of the reference's summarize() reads (its _summarize(ap, iouThr, areaRng,
/// maxDets)): the threshold (none: every one), and the indices of the area ranges labelled as the
/// line's and of the maxDets values equal to the line's, in params' order.
struct StatSelection {
  std::optional<double> iouThreshold;
  std::vector<std::size_t> areas;
  std::vector<std::size_t> maxDets;
};

/// One stat of the reference's summarize(): np.mean(s[s > -1]), or -1 when nothing is left, of
/// s = array[thresholds][:, :, :, areas, maxDets]. The thresholds are those of `iouThrs` (params',
/// which may be longer or shorter than the array's T once changed) equal to the selection's;
/// within 0.01 of it for a CrowdPose AP (crowdposetools). `areas` and `maxDets` are paired as
/// NumPy pairs two index lists (the same length, or one of length 1 repeated). Throws
/// std::out_of_range where NumPy raises IndexError (an index past the array, lists that do not
/// pair).
double summaryStat(const AccumulatedArray& array, const std::vector<double>& iouThrs,
                   EvalVariant variant, const StatSelection& selection);

/// crowdposetools' AP of the easy, medium or hard images from their own precision array:
/// round(np.mean(precision[:, :, :, 0, :]), 4), the -1 entries included. Throws
/// std::out_of_range for an array without an area range.
double crowdSplitAp(const AccumulatedArray& precision);

/// The metric table of `K` categories: `pr[k * A + a]` is category k (id order) in area
/// range a (params.areas order); for CrowdPose, `crowdSplits[s * K + k]` is category k
/// over the easy (s = 0), medium and hard images, area 'all' (ignored for COCO). Never fails for
/// inputs of those sizes with the three area ranges all, medium and large.
MetricTable summarizeMetrics(const EvalParams& params, std::size_t K,
                             const std::vector<PrecisionRecall>& pr,
                             const std::vector<PrecisionRecall>& crowdSplits);

}  // namespace posescope
