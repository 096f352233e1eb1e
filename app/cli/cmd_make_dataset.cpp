// posescope-cli make-dataset: writes the synthetic people dataset (the embedded demo's data) in
// the COCO keypoint layout.

#include <iostream>

#include "cli_args.h"
#include "commands.h"
#include "synth/synth_dataset.h"

namespace posescope::cli {

namespace {

const char* kMakeDatasetUsage =
    "usage: posescope-cli make-dataset --out DIR [--images N] [--seed S] [--split SPLIT]\n"
    "\n"
    "Writes a synthetic people dataset: images with 1-4 articulated mannequins (17 COCO joints)\n"
    "on varied backgrounds, with COCO person-keypoint annotations, in the COCO layout:\n"
    "  DIR/annotations/person_keypoints_<split>.json, DIR/images/<split>/<id>.jpg\n"
    "Evaluate on it with DATASET.ROOT DIR (DATASET_TEST coco). The same seed gives the same\n"
    "files; image i depends only on the seed, the split and i.\n"
    "\n"
    "options:\n"
    "  --out DIR       dataset root (created when absent)\n"
    "  --images N      images per split (default 200)\n"
    "  --seed S        random seed (default 1)\n"
    "  --split SPLIT   val2017, train2017 or both (default both)\n"
    "  --help          show this help\n"
    "\n"
    "exit codes: 0 ok, 2 bad command line, 3 cannot write.\n";

}  // namespace

int runMakeDataset(const Args& args) {
  const ParsedArgs parsed = parseArgs(args, {"--out", "--images", "--seed", "--split"}, {});
  if (parsed.has("--help")) {
    std::cout << kMakeDatasetUsage;
    return kOk;
  }
  if (!parsed.positional.empty())
    throw UsageError{"unexpected argument '" + parsed.positional.front() + "'"};
  synth::SynthDatasetOptions options;
  options.root = parsed.require("--out");
  options.images = static_cast<int>(parsed.getInt("--images", options.images));
  const long seed = parsed.getInt("--seed", static_cast<long>(options.seed));
  if (seed < 0) throw UsageError{"--seed must be non-negative"};
  options.seed = static_cast<std::uint64_t>(seed);
  const std::string split = parsed.get("--split", "both");
  if (split == "both")
    options.splits = {"train2017", "val2017"};
  else if (split == "train2017" || split == "val2017")
    options.splits = {split};
  else
    throw UsageError{"--split must be val2017, train2017 or both, got '" + split + "'"};
  if (options.images < 1) throw UsageError{"--images must be at least 1"};
  synth::makeSynthDataset(options);
  for (const auto& s : options.splits)
    std::cout << "wrote " << options.images
              << " images: " << synth::synthAnnotationPath(options.root, s) << "\n";
  return kOk;
}

}  // namespace posescope::cli
