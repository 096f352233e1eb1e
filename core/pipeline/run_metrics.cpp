#include "pipeline/run_metrics.h"

#include <cstdint>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "analysis/analysis_json.h"
#include "analysis/analysis_params.h"
#include "analysis/keypoint_analysis.h"
#include "analysis/triage.h"
#include "common/errors.h"
#include "eval/eval_params.h"
#include "eval/ground_truth.h"
#include "eval/keypoint_eval.h"
#include "eval/per_image_json.h"
#include "eval/results_io.h"

namespace posescope {

RunMetrics computeRunMetrics(const std::vector<ImageRecord>& records, const RunSummary& summary,
                             bool allImagesEvaluated, const std::string& archName,
                             RunWriter* writer,
                             const std::function<void(const std::string&)>& log) {
  // Metrics as valid.py computes them: from the results file the run wrote (same numbers as the
  // in-memory records, and the file is what users hand to other tools).
  std::vector<KeypointDetection> detections;
  if (writer) {
    detections = loadResults((std::filesystem::path(writer->dir()) / runfiles::kResults).string());
  } else {
    nlohmann::json all = nlohmann::json::array();
    for (const auto& r : records)
      for (auto& e : recordToResults(r, summary.categoryId)) all.push_back(std::move(e));
    detections = parseResults(all.dump(), "results in memory");
  }
  KeypointGroundTruth gt = loadGroundTruth(summary.annotationFile);
  for (const std::string& warning : gt.warnings) log("warning: " + warning);
  if (!allImagesEvaluated) {
    std::vector<std::int64_t> evaluated;
    evaluated.reserve(records.size());
    for (const auto& r : records) evaluated.push_back(r.imageId);
    gt = restrictToImages(gt, evaluated);
    log("metrics over the " + std::to_string(records.size()) + " evaluated images only");
  }
  const KeypointLayout layout =
      resolveKeypointLayout(gt, runLayoutChoice(writer ? writer->dir() : std::string(), summary));
  gt = groundTruthOfLayout(gt, layout);
  detections = detectionsOfLayout(detections, layout);
  const EvalSummary eval = evaluateKeypoints(gt, detections, evalParamsFor(layout));
  RunMetrics metrics{eval.table, formatMarkdownTable(eval.table, archName), eval.images};
  if (!writer) return metrics;
  writer->writeMetrics(metrics.table, metrics.markdown);
  writer->writeText(runfiles::kImageEval, formatImageEvaluationsJsonl(metrics.images));
  writer->appendLog(metrics.markdown);
  // The error analysis costs a fraction of the metrics; kept so viewers need not redo it. A
  // ground truth it cannot analyse (e.g. two keypoint categories) leaves the run complete.
  try {
    const KeypointAnalysis analysis = analyzeKeypoints(gt, detections, analysisParamsFor(layout));
    writer->writeText(runfiles::kAnalysis, formatAnalysisJson(analysis, buildTriage(analysis, gt)));
  } catch (const EvalError& e) {
    log(std::string("no error analysis: ") + e.what());
  }
  return metrics;
}

}  // namespace posescope
