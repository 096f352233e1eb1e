#include "experiment_args.h"

#include <iostream>

namespace posescope::cli {

ExperimentSpec experimentSpecFrom(const ParsedArgs& args) {
  ExperimentSpec spec;
  spec.cfgFile = args.require("--cfg");
  spec.archFile = args.get("--superconfig");
  spec.overrides = args.positional;
  return spec;
}

void printWarnings(const Experiment& experiment) {
  for (const auto& w : experiment.warnings) std::cerr << formatConfigWarning(w) << "\n";
}

}  // namespace posescope::cli
