#pragma once
// Writes the synthetic people dataset in the COCO folder layout:
// ROOT/annotations/person_keypoints_<split>.json and ROOT/images/<split>/<id>.jpg.

#include <cstdint>
#include <string>
#include <vector>

#include "synth/label_errors.h"
#include "synth/synth_defaults.h"

namespace posescope::synth {

/// What make-dataset writes. The defaults are the embedded demo's dataset (synth_defaults.h).
struct SynthDatasetOptions {
  std::string root;
  int images = kDefaultSynthImages;  // per split
  std::uint64_t seed = kDefaultSynthSeed;
  std::vector<std::string> splits{"train2017", "val2017"};
  /// Annotation errors injected on purpose, and where the truth of what was injected goes (both
  /// or neither; one split only).
  LabelErrorRates labelErrors;
  std::string labelErrorsOut;

  /// Throws ConfigError naming the option when it cannot work (empty root, images < 1, a split
  /// name that is not a plain folder name, label errors without a truth file or over two
  /// splits).
  void validate() const;
};

/// Renders and writes one split: image i (id i + 1) depends only on (seed, split, i), so a
/// smaller split is a prefix of a larger one. Throws DatasetError naming the path when a folder
/// or file cannot be written.
/// With `labelErrors`, the annotation file carries them (injectLabelErrors, seeded by `seed`) and
/// what was injected is returned.
std::vector<InjectedLabelError> writeSynthSplit(const std::string& root, const std::string& split,
                                                int images, std::uint64_t seed,
                                                const LabelErrorRates& labelErrors = {});

/// Validates the options and writes every split (and the label errors' truth file); throws as
/// validate() and writeSynthSplit(), DatasetError naming the truth file when it cannot be written.
void makeSynthDataset(const SynthDatasetOptions& options);

/// The annotation file path of a split under root.
std::string synthAnnotationPath(const std::string& root, const std::string& split);

}  // namespace posescope::synth
