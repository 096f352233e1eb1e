#pragma once
// What a run was made from, recorded so a run folder stands on its own wherever it is opened:
// the absolute path of each input file and its SHA-256, so a file changed since the run is
// noticed rather than silently used (the Inspect page recomputes maps from the checkpoint; a
// resumed or merged run must be the same experiment).

#include <string>
#include <vector>

#include "config/config_node.h"
#include "config/experiment.h"

namespace posescope {

/// One input of a run. `role` is experiment, arch, checkpoint, annotations or dataset_root;
/// `sha256` is empty for a folder (the dataset root).
struct RunInput {
  std::string role;
  std::string path;  // absolute
  std::string sha256;
};

/// The input of `role` ("annotations", "checkpoint", ...) among `inputs` as run.json records
/// them, or nullptr (a run made before inputs were recorded has none).
const RunInput* recordedInput(const std::vector<RunInput>& inputs, const std::string& role);

/// Lower-case hex SHA-256 of a file's bytes; throws Error naming the file when it cannot be read.
std::string sha256OfFile(const std::string& path);

/// The inputs of `experiment` as absolute paths with digests: the experiment YAML, the arch JSON
/// (when given), TEST.MODEL_FILE (when set), the annotation file and DATASET.ROOT.
std::vector<RunInput> recordRunInputs(const Experiment& experiment,
                                      const std::string& annotationFile);

/// `cfg` with TEST.MODEL_FILE and DATASET.ROOT made absolute (relative to the current folder, as
/// the run resolved them), so a run's config.yaml works from any folder.
ConfigNode withAbsoluteInputPaths(const ConfigNode& cfg);

/// An input whose file is gone or differs from what the run used.
struct ChangedInput {
  RunInput recorded;
  std::string problem;  // "is missing" or "has changed since the run (SHA-256 differs)"
};

/// Checks each recorded input with a digest against the file on disk now.
std::vector<ChangedInput> changedRunInputs(const std::vector<RunInput>& inputs);

/// One sentence per changed input, e.g. "checkpoint /x/model.pth has changed since the run
/// (SHA-256 differs)"; empty when nothing changed.
std::string describeChangedInputs(const std::vector<ChangedInput>& changed);

}  // namespace posescope
