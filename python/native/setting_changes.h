#pragma once
// The evaluation settings the Python functions take as keyword arguments, applied to the
// reference's (or the analysis') parameters as posescope-cli's options are.

#include <cstddef>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "eval/eval_params.h"
#include "eval/keypoint_data.h"

namespace posescope::python {

/// Unset fields keep the parameters' own values.
struct SettingChanges {
  std::optional<std::string> dataset;  // "coco", "crowd_pose", "crowdpose"
  std::optional<std::vector<double>> sigmas;
  bool snapSigmas = true;  // values equal to the reference's to 12 digits become its own (CLI)
  std::optional<std::vector<double>> oksThresholds;
  std::optional<std::vector<double>> recallPoints;
  std::optional<std::vector<std::tuple<std::string, double, double>>> areas;        // replaces all
  std::optional<std::vector<std::tuple<std::string, double, double>>> areaUpdates;  // by label
  std::optional<std::size_t> maxDets;
  std::optional<double> minScore;
};

/// The dataset named in `changes`, else the one `gt` implies; throws EvalError for unknown names.
EvalVariant variantOf(const KeypointGroundTruth& gt, const SettingChanges& changes);

/// Applies `changes` to `params` and validates them; throws EvalError naming the keyword.
void applySettingChanges(EvalParams& params, const SettingChanges& changes);

}  // namespace posescope::python
