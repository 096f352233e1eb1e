#include "report/run_ground_truth.h"

#include <algorithm>
#include <filesystem>
#include <unordered_set>

#include "common/errors.h"
#include "eval/eval_params.h"
#include "eval/ground_truth.h"
#include "eval/results_io.h"

namespace posescope {

RunEvaluationInput loadRunEvaluationInput(const LoadedRun& run) {
  namespace fs = std::filesystem;
  RunEvaluationInput in;
  const std::string& file = run.summary.annotationFile;
  if (file.empty()) {
    throw Error(run.dir + ": run.json names no annotation file (key 'annotationFile')");
  }
  fs::path annotations(file);
  if (annotations.is_relative() && !fs::exists(annotations) &&
      fs::exists(fs::path(run.dir) / annotations)) {
    annotations = fs::path(run.dir) / annotations;
  }
  if (!fs::exists(annotations)) {
    throw Error(run.dir + ": the annotation file '" + file +
                "' named in run.json (key 'annotationFile') does not exist");
  }
  in.annotationFile = annotations.string();
  in.resultsFile = (fs::path(run.dir) / runfiles::kResults).string();
  if (!fs::exists(in.resultsFile)) {
    throw Error(run.dir + ": no " + std::string(runfiles::kResults) +
                " (the run did not finish its images)");
  }
  try {
    in.variant = variantFromDatasetName(run.summary.datasetKind);
  } catch (const EvalError& e) {
    throw Error(run.dir + ": run.json key 'datasetKind': " + e.what());
  }
  in.groundTruth = loadGroundTruth(in.annotationFile);
  std::unordered_set<std::int64_t> evaluated;
  const bool partial = !run.records.empty() && run.records.size() < in.groundTruth.images.size();
  if (partial) {
    // As the Evaluator does for a partial run: metrics over the evaluated images only.
    std::vector<std::int64_t> ids;
    for (const auto& r : run.records) ids.push_back(r.imageId);
    in.groundTruth = restrictToImages(in.groundTruth, ids);
    evaluated.insert(ids.begin(), ids.end());
  }
  in.layout = resolveKeypointLayout(in.groundTruth, runLayoutChoice(run.dir, run.summary));
  in.variant = in.layout.variant;
  in.groundTruth = groundTruthOfLayout(in.groundTruth, in.layout);
  in.results = detectionsOfLayout(loadResults(in.resultsFile), in.layout);
  if (partial) {
    // A run restricted to some of its images (compare --shared-images) keeps only their results.
    in.results.erase(
        std::remove_if(in.results.begin(), in.results.end(),
                       [&](const KeypointDetection& d) { return !evaluated.count(d.imageId); }),
        in.results.end());
  }
  return in;
}

}  // namespace posescope
