// posescope-train: trains a native network with the reference's losses and targets and writes a
// state_dict that posescope-cli eval (and torch.load) reads.

#include <cstdlib>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "common/errors.h"
#include "config/experiment.h"
#include "train/trainer.h"

namespace {

const char* kUsage =
    "usage: posescope-train --cfg EXPERIMENT.yaml [--superconfig ARCH.json] --out WEIGHTS.pth\n"
    "                       [options] [KEY VALUE ...]\n"
    "\n"
    "Trains the experiment's network (MODEL.NAME, built as posescope-cli eval builds it) on\n"
    "DATASET.ROOT / DATASET.TRAIN (COCO layout) with the reference's losses (heatmap MSE and\n"
    "associative-embedding push/pull per LOSS.*), its heatmap and joint targets, random affine\n"
    "and flip augmentation (DATASET.*), Adam and a cosine learning rate. KEY VALUE pairs\n"
    "override the experiment as in posescope-cli eval.\n"
    "\n"
    "options:\n"
    "  --out FILE              weights (state_dict, torch.save zip format); also saved every\n"
    "                          --checkpoint-every iterations\n"
    "  --init FILE             start from these weights instead of a fresh initialisation\n"
    "  --iterations N          optimisation steps (default 1000)\n"
    "  --batch N               images per step (default TRAIN.IMAGES_PER_GPU)\n"
    "  --lr X                  peak learning rate (default TRAIN.LR)\n"
    "  --warmup N              linear warm-up steps (default 100)\n"
    "  --final-lr-fraction X   cosine decay ends at lr * X (default 0.05)\n"
    "  --seed S                seed of initialisation, shuffling and augmentation (default 1)\n"
    "  --threads N             torch threads (default 2)\n"
    "  --checkpoint-every N    save every N steps (default 200; 0 only at the end)\n"
    "  --log-every N           print the mean loss every N steps (default 20)\n"
    "  --split NAME            training split (default DATASET.TRAIN)\n"
    "  --mask-padding 0|1      1 (the reference): no loss where the crop leaves the image;\n"
    "                          0: that padding is background (target 0)\n"
    "  --help                  show this help\n"
    "\n"
    "exit codes: 0 ok, 2 bad command line, 3 bad input.\n";

struct UsageError {
  std::string message;
};

long toLong(const std::string& name, const std::string& v) {
  char* end = nullptr;
  const long out = std::strtol(v.c_str(), &end, 10);
  if (v.empty() || *end) throw UsageError{name + " expects an integer, got '" + v + "'"};
  return out;
}

double toDouble(const std::string& name, const std::string& v) {
  char* end = nullptr;
  const double out = std::strtod(v.c_str(), &end);
  if (v.empty() || *end) throw UsageError{name + " expects a number, got '" + v + "'"};
  return out;
}

int run(const std::vector<std::string>& args) {
  static const std::vector<std::string> known = {"--cfg",
                                                 "--superconfig",
                                                 "--out",
                                                 "--init",
                                                 "--iterations",
                                                 "--batch",
                                                 "--lr",
                                                 "--warmup",
                                                 "--seed",
                                                 "--threads",
                                                 "--checkpoint-every",
                                                 "--log-every",
                                                 "--split",
                                                 "--final-lr-fraction",
                                                 "--mask-padding"};
  std::map<std::string, std::string> opt;
  posescope::ExperimentSpec spec;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help" || a == "-h") {
      std::cout << kUsage;
      return 0;
    }
    if (a.rfind("--", 0) == 0) {
      bool ok = false;
      for (const auto& k : known) ok = ok || k == a;
      if (!ok) throw UsageError{"unknown option '" + a + "'"};
      if (i + 1 >= args.size()) throw UsageError{a + " needs a value"};
      opt[a] = args[++i];
    } else {
      spec.overrides.push_back(a);
    }
  }
  if (!opt.count("--cfg")) throw UsageError{"--cfg is required"};
  if (!opt.count("--out")) throw UsageError{"--out is required"};
  if (spec.overrides.size() % 2) throw UsageError{"overrides come in KEY VALUE pairs"};
  spec.cfgFile = opt["--cfg"];
  if (opt.count("--superconfig")) spec.archFile = opt["--superconfig"];

  posescope::train::TrainOptions o;
  o.weightsOut = opt["--out"];
  if (opt.count("--init")) o.initWeights = opt["--init"];
  if (opt.count("--iterations")) o.iterations = toLong("--iterations", opt["--iterations"]);
  if (opt.count("--batch"))
    o.batchSize = static_cast<int>(toLong("--batch", opt["--batch"]));
  else
    o.batchSize = 0;
  if (opt.count("--lr")) o.lr = toDouble("--lr", opt["--lr"]);
  if (opt.count("--warmup")) o.warmup = static_cast<int>(toLong("--warmup", opt["--warmup"]));
  if (opt.count("--final-lr-fraction"))
    o.finalLrFraction = toDouble("--final-lr-fraction", opt["--final-lr-fraction"]);
  if (opt.count("--seed")) {
    const long seed = toLong("--seed", opt["--seed"]);
    if (seed < 0) throw UsageError{"--seed must be non-negative"};
    o.seed = static_cast<std::uint64_t>(seed);
  }
  if (opt.count("--threads")) o.threads = static_cast<int>(toLong("--threads", opt["--threads"]));
  if (opt.count("--checkpoint-every"))
    o.checkpointEvery = static_cast<int>(toLong("--checkpoint-every", opt["--checkpoint-every"]));
  if (opt.count("--log-every"))
    o.logEvery = static_cast<int>(toLong("--log-every", opt["--log-every"]));
  if (opt.count("--split")) o.split = opt["--split"];
  if (opt.count("--mask-padding")) {
    const std::string v = opt["--mask-padding"];
    if (v != "0" && v != "1") throw UsageError{"--mask-padding expects 0 or 1, got '" + v + "'"};
    o.maskPadding = v == "1";
  }

  const posescope::Experiment experiment = posescope::loadExperiment(spec);
  for (const auto& w : experiment.warnings)
    std::cerr << "warning: " << w.file << ": " << w.key << ": " << w.message << "\n";
  posescope::train::runTraining(experiment, o,
                                [](const std::string& line) { std::cout << line << std::endl; });
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const UsageError& e) {
    std::cerr << "posescope-train: " << e.message << "\nRun 'posescope-train --help' for usage.\n";
    return 2;
  } catch (const posescope::Error& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 3;
  } catch (const std::exception& e) {
    std::cerr << "internal error: " << e.what() << "\n";
    return 1;
  }
}
