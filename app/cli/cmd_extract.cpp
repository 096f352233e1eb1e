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

namespace {

const char* const kHelpText =
    R"(usage: posescope-cli extract --cfg SUPER.yaml --superconfig ARCH.json
                            --checkpoint SUPERNET.pth --out SUB.pth
                            [--calibration N] [--calibration-split SPLIT] [KEY VALUE ...]

Writes the weights of the sub-network ARCH.json of a pose_supermobilenet checkpoint as a
pose_mobilenet state_dict (torch.save's format), as LitePose's weight_transfer.py does: valid.py
and PoseScope load it with the same ARCH.json and MODEL.NAME pose_mobilenet. Depthwise kernels
smaller than 7 are extracted as the supernet uses them (the centre of its 7x7 kernel through
the block's kernel transform); weight_transfer.py copies the whole 7x7 kernel there.

  --cfg FILE          the supernet's experiment YAML (MODEL.NAME pose_supermobilenet)
  --superconfig ARCH  the sub-network's arch JSON
  --checkpoint FILE   the supernet's weights (state_dict or LitePose checkpoint)
  --out FILE          where to write the sub-network's state_dict
  --calibration N     re-estimate the BatchNorm running statistics on N images first (the
                      supernet's statistics were gathered over many sub-networks): each image
                      resized as valid.py does at scale 1, one pass, no augmentation, the
                      cumulative average of the batch statistics. calibrate_test.py instead
                      runs its training loader (augmented) in train mode with momentum 0.1.
  --calibration-split S  the dataset split the calibration images come from (default
                      DATASET.TRAIN)
  KEY VALUE           config overrides
)";

}  // namespace

int runExtract(const Args& raw) {
  const ParsedArgs args = parseArgs(
      raw,
      {"--cfg", "--superconfig", "--checkpoint", "--out", "--calibration", "--calibration-split"},
      {});
  if (args.has("--help")) {
    std::cout << kHelpText;
    return kOk;
  }
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
