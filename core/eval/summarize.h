#pragma once
// valid.py's stats from accumulated precision and recall: pycocotools' summarize() for COCO,
// crowdposetools' for CrowdPose (its easy / medium / hard APs included).

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

/// The metric table of `K` categories: `pr[k * A + a]` is category k (id order) in area
/// range a (params.areas order); for CrowdPose, `crowdSplits[s * K + k]` is category k
/// over the easy (s = 0), medium and hard images, area 'all' (ignored for COCO). Never fails for
/// inputs of those sizes.
MetricTable summarizeMetrics(const EvalParams& params, std::size_t K,
                             const std::vector<PrecisionRecall>& pr,
                             const std::vector<PrecisionRecall>& crowdSplits);

}  // namespace posescope
