// posescope-cli extract: a sub-network's weights out of a LitePose supernet (weight_transfer.py).

#include <iostream>

#include "checkpoint/checkpoint_reader.h"
#include "checkpoint/state_dict_writer.h"
#include "cli_args.h"
#include "commands.h"
#include "config/experiment.h"
#include "experiment_args.h"
#include "models/subnet_extraction.h"

namespace posescope::cli {

namespace {

const char* const kHelpText =
    R"(usage: posescope-cli extract --cfg SUPER.yaml --superconfig ARCH.json
                            --checkpoint SUPERNET.pth --out SUB.pth [KEY VALUE ...]

Writes the weights of the sub-network ARCH.json of a pose_supermobilenet checkpoint as a
pose_mobilenet state_dict (torch.save's format), as LitePose's weight_transfer.py does: valid.py
and PoseScope load it with the same ARCH.json and MODEL.NAME pose_mobilenet. Depthwise kernels
smaller than 7 are extracted as the supernet uses them (the centre of its 7x7 kernel through
the block's kernel transform); weight_transfer.py copies the whole 7x7 kernel there.

  --cfg FILE          the supernet's experiment YAML (MODEL.NAME pose_supermobilenet)
  --superconfig ARCH  the sub-network's arch JSON
  --checkpoint FILE   the supernet's weights (state_dict or LitePose checkpoint)
  --out FILE          where to write the sub-network's state_dict
  KEY VALUE           config overrides
)";

}  // namespace

int runExtract(const Args& raw) {
  const ParsedArgs args = parseArgs(raw, {"--cfg", "--superconfig", "--checkpoint", "--out"}, {});
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
  const StateDict sub = extractSubnetwork(experiment, readStateDict(checkpoint), checkpoint);
  writeStateDict(out, sub);
  int64_t parameters = 0;
  for (const auto& [key, tensor] : sub)
    if (tensor.is_floating_point()) parameters += tensor.numel();
  std::cout << "wrote " << out << ": " << sub.size() << " tensors (" << parameters
            << " values) of pose_mobilenet " << spec.archFile << "\n"
            << "evaluate it with: posescope-cli eval --cfg " << spec.cfgFile << " --superconfig "
            << spec.archFile << " MODEL.NAME pose_mobilenet TEST.MODEL_FILE " << out << "\n";
  return kOk;
}

}  // namespace posescope::cli
