#pragma once
// The evaluation settings `metrics` and `analyze` accept beside valid.py's defaults (OKS
// thresholds, sigmas, area ranges, maxDets, minimum score).

#include <optional>
#include <string>

#include "cli_args.h"
#include "eval/eval_params.h"
#include "eval/keypoint_layout.h"

namespace posescope::cli {

/// The options with their help, a group of a command's declaration.
OptionGroup evalSettingsGroup();

/// --skeleton and --category: scoring a skeleton other than COCO's or CrowdPose's.
OptionGroup layoutGroup();

/// What --dataset, --sigmas, --skeleton (read) and --category say about the ground truth's
/// keypoint layout (keypoint_layout.h); throws UsageError naming the option for a malformed
/// value, EvalError naming the skeleton file when it is unreadable or malformed.
LayoutChoice layoutChoice(const ParsedArgs& args);

/// The variant named by --dataset (coco | crowdpose | crowd_pose), nullopt when absent; throws
/// UsageError for another name.
std::optional<EvalVariant> datasetOption(const ParsedArgs& args);

/// Applies the given options but --sigmas (the layout's, see layoutChoice) to `params`; throws
/// UsageError naming the option for a malformed or inconsistent value (thresholds not
/// increasing, ...).
void applyEvalSettings(const ParsedArgs& args, EvalParams& params);

}  // namespace posescope::cli
