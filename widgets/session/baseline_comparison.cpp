#include "widgets/session/baseline_comparison.h"

#include "analysis/resampled_metrics.h"
#include "common/errors.h"
#include "eval/keypoint_layout.h"
#include "pipeline/run_folder.h"
#include "report/run_ground_truth.h"

namespace posescope {

namespace {

// What a run was evaluated on: its annotation file's SHA-256 as run.json records it, else the
// file's path.
std::string groundTruthOf(const RunSummary& summary) {
  const RunInput* annotations = recordedInput(summary.inputs, "annotations");
  return annotations && !annotations->sha256.empty() ? annotations->sha256 : summary.annotationFile;
}

}  // namespace

BaselineComparison compareAgainstBaseline(const std::vector<NamedRun>& runs, std::size_t baseline,
                                          const BootstrapOptions& options) {
  if (baseline >= runs.size()) throw Error("no baseline among the runs");
  std::vector<LoadedRun> loaded;
  loaded.reserve(runs.size());
  for (const NamedRun& run : runs) loaded.push_back(loadRunFolder(run.dir));
  const LoadedRun& base = loaded[baseline];
  for (std::size_t i = 0; i < runs.size(); ++i)
    if (groundTruthOf(loaded[i].summary) != groundTruthOf(base.summary))
      throw Error(runs[i].name + " is evaluated on another ground truth (" +
                  loaded[i].summary.annotationFile + ") than the baseline " + runs[baseline].name +
                  " (" + base.summary.annotationFile + "): its differences would mean nothing");
  const RunEvaluationInput baseInput = loadRunEvaluationInput(base);
  const EvalParams params = evalParamsFor(baseInput.layout);
  const ResampledMetrics baseMetrics(baseInput.groundTruth, baseInput.results, params,
                                     options.threads);
  BaselineComparison out;
  out.baseline = runs[baseline];
  for (std::size_t i = 0; i < runs.size(); ++i) {
    if (i == baseline) continue;
    const RunEvaluationInput input = loadRunEvaluationInput(loaded[i]);
    if (input.variant != baseInput.variant ||
        input.layout.skeleton.joints != baseInput.layout.skeleton.joints ||
        input.layout.skeleton.sigmas != baseInput.layout.skeleton.sigmas)
      throw Error(runs[i].name + " is scored with other keypoints or sigmas (" +
                  input.layout.sigmasFrom + ") than the baseline " + runs[baseline].name + " (" +
                  baseInput.layout.sigmasFrom + ")");
    const ResampledMetrics metrics(input.groundTruth, input.results, params, options.threads);
    out.runs.push_back({runs[i], pairedBootstrap(baseMetrics, metrics, options)});
  }
  if (!out.runs.empty())
    for (const StatDifference& stat : out.runs.front().comparison.stats)
      out.statNames.push_back(stat.name);
  return out;
}

}  // namespace posescope
