// posescope-train: trains a native network with the reference's losses and targets and writes a
// state_dict that posescope-cli eval (and torch.load) reads.

#include <iostream>
#include <string>
#include <vector>

#include "cli_args.h"
#include "common/errors.h"
#include "common/number_text.h"
#include "common/openmp_wait.h"
#include "config/experiment.h"
#include "train/trainer.h"

namespace {

using namespace posescope::cli;

const char* kUsage =
    "usage: posescope-train --cfg EXPERIMENT.yaml [--superconfig ARCH.json] --out WEIGHTS.pth\n"
    "                       [options] [KEY VALUE ...]\n"
    "\n"
    "Trains the experiment's network (MODEL.NAME, built as posescope-cli eval builds it) on\n"
    "DATASET.ROOT / DATASET.TRAIN (COCO layout) with the reference's losses (heatmap MSE and\n"
    "associative-embedding push/pull per LOSS.*), its heatmap and joint targets, random affine\n"
    "and flip augmentation (DATASET.*), Adam and a cosine learning rate. KEY VALUE pairs\n"
    "override the experiment as in posescope-cli eval.\n"
    "\n";

// The options, declared once: the parser accepts exactly these and --help prints them, with the
// defaults of TrainOptions.
const std::vector<OptionGroup>& trainOptions() {
  const posescope::train::TrainOptions defaults;
  static const std::vector<OptionGroup> groups{
      {"options",
       {{"--cfg", "FILE", "the experiment YAML"},
        {"--superconfig", "FILE", "the architecture JSON (LitePose's --superconfig)"},
        {"--out", "FILE",
         "weights (state_dict, torch.save zip format); also saved every\n"
         "--checkpoint-every iterations"},
        {"--init", "FILE", "start from these weights instead of a fresh initialisation"},
        {"--iterations", "N", "optimisation steps", std::to_string(defaults.iterations)},
        {"--batch", "N", "images per step (default TRAIN.IMAGES_PER_GPU)"},
        {"--lr", "X", "peak learning rate (default TRAIN.LR)"},
        {"--warmup", "N", "linear warm-up steps", std::to_string(defaults.warmup)},
        {"--final-lr-fraction", "X", "cosine decay ends at lr * X",
         posescope::shortestRoundTrip(defaults.finalLrFraction)},
        {"--seed", "S", "seed of initialisation, shuffling and augmentation",
         std::to_string(defaults.seed)},
        {"--threads", "N", "torch threads", std::to_string(defaults.threads)},
        {"--checkpoint-every", "N", "save every N steps (0 only at the end)",
         std::to_string(defaults.checkpointEvery)},
        {"--log-every", "N", "print the mean loss every N steps",
         std::to_string(defaults.logEvery)},
        {"--split", "NAME", "training split (default DATASET.TRAIN)"},
        {"--mask-padding", "0|1",
         "1 (the reference): no loss where the crop leaves the image;\n"
         "0: that padding is background (target 0)"},
        {"--help", "", "show this help"}}}};
  return groups;
}

int run(const std::vector<std::string>& args) {
  const ParsedArgs opt = parseArgs(args, trainOptions());
  if (opt.has("--help")) {
    std::cout << kUsage << formatOptionHelp(trainOptions())
              << "\nexit codes: 0 ok, 2 bad command line, 3 bad input.\n";
    return kOk;
  }
  posescope::ExperimentSpec spec;
  spec.cfgFile = opt.require("--cfg");
  spec.archFile = opt.get("--superconfig");
  spec.overrides = opt.positional;
  if (spec.overrides.size() % 2) throw UsageError{"overrides come in KEY VALUE pairs"};

  posescope::train::TrainOptions o;
  o.weightsOut = opt.require("--out");
  o.initWeights = opt.get("--init", o.initWeights);
  o.iterations = opt.getInt("--iterations");
  o.batchSize = static_cast<int>(opt.getInt("--batch", 0));  // 0: TRAIN.IMAGES_PER_GPU
  o.lr = opt.getDouble("--lr", o.lr);
  o.warmup = static_cast<int>(opt.getInt("--warmup"));
  o.finalLrFraction = opt.getDouble("--final-lr-fraction");
  const long seed = opt.getInt("--seed");
  if (seed < 0) throw UsageError{"--seed must be non-negative"};
  o.seed = static_cast<std::uint64_t>(seed);
  o.threads = static_cast<int>(opt.getInt("--threads"));
  o.checkpointEvery = static_cast<int>(opt.getInt("--checkpoint-every"));
  o.logEvery = static_cast<int>(opt.getInt("--log-every"));
  o.split = opt.get("--split", o.split);
  const std::string padding = opt.get("--mask-padding", o.maskPadding ? "1" : "0");
  if (padding != "0" && padding != "1")
    throw UsageError{"--mask-padding expects 0 or 1, got '" + padding + "'"};
  o.maskPadding = padding == "1";

  const posescope::Experiment experiment = posescope::loadExperiment(spec);
  for (const auto& w : experiment.warnings) std::cerr << formatConfigWarning(w) << "\n";
  posescope::train::runTraining(experiment, o,
                                [](const std::string& line) { std::cout << line << std::endl; });
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  posescope::restartWithPassiveOpenMpWait(argv);  // a busy machine must not stall training
  return posescope::cli::runWithExitCodes(
      "posescope-train", [&] { return run(std::vector<std::string>(argv + 1, argv + argc)); });
}
