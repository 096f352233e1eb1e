// posescope-cli config: prints the merged experiment config (defaults + YAML + overrides +
// update_config + --superconfig) as YAML; warnings go to stderr.
#include <iostream>

#include "cli_args.h"
#include "commands.h"
#include "config/experiment.h"
#include "experiment_args.h"

namespace posescope::cli {

namespace {

const char* const kConfigUsage =
    "usage: posescope-cli config --cfg FILE [--superconfig ARCH.json] [KEY VALUE ...]\n"
    "\n"
    "Prints the merged experiment config as YAML, as valid.py would use it: the reference's\n"
    "defaults, the YAML file (yacs merge rules), the KEY VALUE overrides (values are Python\n"
    "literals, e.g. TEST.SCALE_FACTOR \"[0.5, 1, 2]\" TEST.FLIP_TEST False), update_config and,\n"
    "with --superconfig, the arch's img_size as DATASET.INPUT_SIZE and OUTPUT_SIZE.\n"
    "Unknown keys are accepted and reported on stderr with a suggestion.\n"
    "\n"
    "options:\n"
    "  --cfg FILE            experiment YAML (required)\n"
    "  --superconfig FILE    LitePose arch JSON (e.g. configs/arch/search-XS.json)\n"
    "  --help                this text\n"
    "\n"
    "exit status: 0 ok, 2 bad command line, 3 bad config, override or arch.\n";

}  // namespace

int runConfig(const Args& args) {
  const ParsedArgs parsed = parseArgs(args, {"--cfg", "--superconfig"}, {});
  if (parsed.has("--help")) {
    std::cout << kConfigUsage;
    return kOk;
  }
  const Experiment exp = loadExperiment(experimentSpecFrom(parsed));
  printWarnings(exp);
  std::cout << dumpConfigYaml(exp.cfg);
  return kOk;
}

}  // namespace posescope::cli
