// posescope-cli config: prints the merged experiment config (defaults + YAML + overrides +
// update_config + --superconfig) as YAML; warnings go to stderr.
#include <iostream>

#include "cli_args.h"
#include "commands.h"
#include "config/experiment.h"
#include "experiment_args.h"

namespace posescope::cli {

int runConfig(const ParsedArgs& parsed) {
  const Experiment exp = loadExperiment(experimentSpecFrom(parsed));
  printWarnings(exp);
  std::cout << dumpConfigYaml(exp.cfg);
  return kOk;
}

}  // namespace posescope::cli
