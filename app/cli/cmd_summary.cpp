// posescope-cli summary: builds the network an experiment describes and prints its parameters
// and multiply-adds per layer and in total, as valid.py logs get_model_summary.
#include <iostream>

#include "cli_args.h"
#include "commands.h"
#include "config/experiment.h"
#include "experiment_args.h"
#include "models/pose_net.h"

namespace posescope::cli {

namespace {

const char* const kSummaryUsage =
    "usage: posescope-cli summary --cfg FILE [--superconfig ARCH.json] [--size N] [KEY VALUE ...]\n"
    "\n"
    "Builds the network of the experiment (MODEL.NAME, MODEL.EXTRA, the arch JSON) and runs it\n"
    "once on a 1x3xNxN input, N = DATASET.INPUT_SIZE as valid.py does (the arch's img_size with\n"
    "--superconfig). Prints one line per layer (output size, parameters, multiply-adds), then\n"
    "the totals: parameters, convolution + deconvolution multiply-adds, and ptflops' count of\n"
    "multiply-adds (the layers' lines add up to it), the figure LitePose reports for its models\n"
    "and its search budgets.\n"
    "For pose_supermobilenet the supernet's parameters and the active sub-network's are shown.\n"
    "\n"
    "options:\n"
    "  --cfg FILE            experiment YAML (required)\n"
    "  --superconfig FILE    LitePose arch JSON (e.g. configs/arch/search-XS.json)\n"
    "  --size N              input height and width instead of DATASET.INPUT_SIZE\n"
    "  --totals              print only the totals\n"
    "  --help                this text\n"
    "\n"
    "exit status: 0 ok, 2 bad command line, 3 bad config, arch or network settings.\n";

}  // namespace

int runSummary(const Args& args) {
  const ParsedArgs parsed = parseArgs(args, {"--cfg", "--superconfig", "--size"}, {"--totals"});
  if (parsed.has("--help")) {
    std::cout << kSummaryUsage;
    return kOk;
  }
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
