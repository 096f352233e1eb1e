// posescope-cli extract: a sub-network's weights out of a LitePose supernet (weight_transfer.py).

#include <iostream>

#include "checkpoint/checkpoint_reader.h"
#include "checkpoint/state_dict_writer.h"
#include "cli_args.h"
#include "commands.h"
#include "config/experiment.h"
#include "experiment_args.h"
#include "models/subnet_extraction.h"
#include "search/candidate_evaluation.h"

namespace posescope::cli {

int runExtract(const ParsedArgs& args) {
  const ExperimentSpec spec = experimentSpecFrom(args);
  if (spec.archFile.empty()) throw UsageError{"extract needs --superconfig ARCH.json"};
  const std::string checkpoint = args.require("--checkpoint");
  const std::string out = args.require("--out");
  const Experiment experiment = loadExperiment(spec);
  printWarnings(experiment);
  const long calibration = args.getInt("--calibration", 0);
  if (calibration < 0) throw UsageError{"--calibration must be 0 or more"};
  const std::string split =
      args.get("--calibration-split", experiment.cfg.getString("DATASET.TRAIN"));
  const StateDict sub = search::recalibrateBatchNorms(
      subnetworkExperiment(experiment),
      extractSubnetwork(experiment, readStateDict(checkpoint), checkpoint), split,
      static_cast<std::size_t>(calibration));
  writeStateDict(out, sub);
  int64_t parameters = 0;
  for (const auto& [key, tensor] : sub)
    if (tensor.is_floating_point()) parameters += tensor.numel();
  std::cout << "wrote " << out << ": " << sub.size() << " tensors (" << parameters
            << " values) of pose_mobilenet " << spec.archFile
            << (calibration > 0 ? ", BatchNorm statistics from " + std::to_string(calibration) +
                                      " images of " + split
                                : std::string())
            << "\n"
            << "evaluate it with: posescope-cli eval --cfg " << spec.cfgFile << " --superconfig "
            << spec.archFile << " MODEL.NAME pose_mobilenet TEST.MODEL_FILE " << out << "\n";
  return kOk;
}

}  // namespace posescope::cli
