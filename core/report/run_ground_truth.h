#pragma once
// What a finished run was evaluated on, read back from its folder: the ground truth of the images
// it evaluated and its results file, for metrics, analysis and comparisons without inference.

#include <string>
#include <vector>

#include "eval/keypoint_data.h"
#include "eval/keypoint_layout.h"
#include "pipeline/run_folder.h"

namespace posescope {

/// A run's evaluation inputs.
struct RunEvaluationInput {
  EvalVariant variant = EvalVariant::Coco;
  KeypointLayout layout;            // joints and sigmas the run is scored with
  KeypointGroundTruth groundTruth;  // restricted to the run's images (and layout's categories)
  std::vector<KeypointDetection> results;
  std::string annotationFile;  // as resolved
  std::string resultsFile;
};

/// Reads run.json's annotation file (a relative path is tried from the working folder, then from
/// the run folder), records.jsonl, results.json and skeleton.json (when the run has one) of `run`.
/// Throws Error naming the run folder and the file or key that is missing or malformed.
RunEvaluationInput loadRunEvaluationInput(const LoadedRun& run);

}  // namespace posescope
