// posescope-cli summary: builds the network an experiment describes and prints its parameters
// and multiply-adds per layer and in total, as valid.py logs get_model_summary.
#include <iostream>

#include "cli_args.h"
#include "commands.h"
#include "config/experiment.h"
#include "experiment_args.h"
#include "models/pose_net.h"

namespace posescope::cli {

int runSummary(const ParsedArgs& parsed) {
  const Experiment exp = loadExperiment(experimentSpecFrom(parsed));
  printWarnings(exp);
  const long size =
      parsed.getInt("--size", static_cast<long>(exp.cfg.getInt("DATASET.INPUT_SIZE")));
  if (size < 32) throw UsageError{"--size must be at least 32, got " + std::to_string(size)};

  auto net = createPoseNet(exp);
  const ModelSummary summary = summarizeModel(*net, size, size);
  std::cout << "Network: " << net->name() << ", input 1x3x" << size << "x" << size << "\n"
            << formatModelSummary(summary, !parsed.has("--totals"));
  return kOk;
}

}  // namespace posescope::cli
