#pragma once
// The evaluation settings `metrics` and `analyze` accept beside valid.py's defaults (OKS
// thresholds, sigmas, area ranges, maxDets, minimum score).

#include <optional>
#include <string>

#include "cli_args.h"
#include "eval/eval_params.h"

namespace posescope::cli {

/// The options with their help, a group of a command's declaration.
OptionGroup evalSettingsGroup();

/// The variant named by --dataset (coco | crowdpose | crowd_pose), nullopt when absent; throws
/// UsageError for another name.
std::optional<EvalVariant> datasetOption(const ParsedArgs& args);

/// Applies the given options to `params`; throws UsageError naming the option for a malformed or
/// inconsistent value (wrong sigma count, thresholds not increasing, ...).
void applyEvalSettings(const ParsedArgs& args, EvalParams& params);

}  // namespace posescope::cli
