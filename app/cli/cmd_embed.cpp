// posescope-cli embed: a trained sub-network's weights into a LitePose supernet (the inverse of
// extract), to start the supernet's training from that network.

#include <iostream>

#include "checkpoint/checkpoint_reader.h"
#include "checkpoint/state_dict_writer.h"
#include "cli_args.h"
#include "commands.h"
#include "config/experiment.h"
#include "experiment_args.h"
#include "models/subnet_embedding.h"

namespace posescope::cli {

namespace {

const char* const kHelpText =
    R"(usage: posescope-cli embed --cfg SUPER.yaml --superconfig ARCH.json --weights SUB.pth
                          --out SUPERNET.pth [--seed S] [KEY VALUE ...]

Writes a pose_supermobilenet state_dict that holds the pose_mobilenet weights SUB.pth of
architecture ARCH.json, where `extract` takes them back (each tensor the leading slice of the
supernet's), to start the supernet's training (posescope-train --init) from a trained network.
The rest of the supernet is freshly initialised (seed S), except that the weights from extra
channels into the embedded ones are zero and extra blocks of a stage end in a BatchNorm with
zero weight and bias (their residual block is the identity): every sub-network that contains
the embedded one (as wide or wider, as deep or deeper, a larger expansion) computes what it
computes. Depthwise kernels must be 7x7.

  --cfg FILE          the supernet's experiment YAML (MODEL.NAME pose_supermobilenet)
  --superconfig ARCH  the sub-network's arch JSON
  --weights FILE      the sub-network's weights (state_dict or checkpoint)
  --out FILE          where to write the supernet's state_dict
  --seed S            seed of the fresh initialisation (default 1)
  KEY VALUE           config overrides
)";

}  // namespace

int runEmbed(const Args& raw) {
  const ParsedArgs args =
      parseArgs(raw, {"--cfg", "--superconfig", "--weights", "--out", "--seed"}, {});
  if (args.has("--help")) {
    std::cout << kHelpText;
    return kOk;
  }
  const ExperimentSpec spec = experimentSpecFrom(args);
  if (spec.archFile.empty()) throw UsageError{"embed needs --superconfig ARCH.json"};
  const std::string weights = args.require("--weights");
  const std::string out = args.require("--out");
  const long seed = args.getInt("--seed", 1);
  if (seed < 0) throw UsageError{"--seed must be non-negative"};
  const Experiment experiment = loadExperiment(spec);
  printWarnings(experiment);
  const StateDict supernet = embedSubnetwork(experiment, readStateDict(weights), weights,
                                             static_cast<std::uint64_t>(seed));
  writeStateDict(out, supernet);
  std::cout << "wrote " << out << ": " << supernet.size() << " tensors of pose_supermobilenet "
            << spec.cfgFile << " holding " << weights << " (" << spec.archFile << ")\n";
  return kOk;
}

}  // namespace posescope::cli
