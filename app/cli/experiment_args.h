#pragma once
// The experiment options every model-related subcommand shares: --cfg, --superconfig, KEY VALUE.

#include <string>

#include "cli_args.h"
#include "config/experiment.h"

namespace posescope::cli {

/// Builds the spec from parsed arguments (positional arguments are the KEY VALUE overrides);
/// throws UsageError when --cfg is missing.
ExperimentSpec experimentSpecFrom(const ParsedArgs& args);

/// runs/<cfg name>_<local date-time>: the run folder eval (and slurm) write without --out.
std::string defaultRunDir(const std::string& cfgFile);

/// Prints the experiment's warnings (unknown keys with did-you-mean) to stderr.
void printWarnings(const Experiment& experiment);

}  // namespace posescope::cli
