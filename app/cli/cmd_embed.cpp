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

int runEmbed(const ParsedArgs& args) {
  const ExperimentSpec spec = experimentSpecFrom(args);
  if (spec.archFile.empty()) throw UsageError{"embed needs --superconfig ARCH.json"};
  const std::string weights = args.require("--weights");
  const std::string out = args.require("--out");
  const long seed = args.getInt("--seed");
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
