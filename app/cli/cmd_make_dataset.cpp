// posescope-cli make-dataset: writes the synthetic people dataset (the embedded demo's data) in
// the COCO keypoint layout.

#include <iostream>

#include "cli_args.h"
#include "commands.h"
#include "synth/synth_dataset.h"

namespace posescope::cli {

int runMakeDataset(const ParsedArgs& parsed) {
  if (!parsed.positional.empty())
    throw UsageError{"unexpected argument '" + parsed.positional.front() + "'"};
  synth::SynthDatasetOptions options;
  options.root = parsed.require("--out");
  options.images = static_cast<int>(parsed.getInt("--images"));
  const long seed = parsed.getInt("--seed");
  if (seed < 0) throw UsageError{"--seed must be non-negative"};
  options.seed = static_cast<std::uint64_t>(seed);
  const std::string split = parsed.get("--split");
  if (split == "both")
    options.splits = {"train2017", "val2017"};
  else if (split == "train2017" || split == "val2017")
    options.splits = {split};
  else
    throw UsageError{"--split must be val2017, train2017 or both, got '" + split + "'"};
  if (options.images < 1) throw UsageError{"--images must be at least 1"};
  if (parsed.has("--label-errors"))
    options.labelErrors = synth::parseLabelErrorRates(parsed.get("--label-errors"));
  options.labelErrorsOut = parsed.get("--label-errors-out", "");
  synth::makeSynthDataset(options);
  for (const auto& s : options.splits)
    std::cout << "wrote " << options.images
              << " images: " << synth::synthAnnotationPath(options.root, s) << "\n";
  if (options.labelErrors.any())
    std::cout << "wrote the injected label errors: " << options.labelErrorsOut << "\n";
  return kOk;
}

}  // namespace posescope::cli
