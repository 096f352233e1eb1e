// posescope-cli analyze: why the AP is what it is. Keypoint error analysis with coco-analyze's
// semantics (joint labels, AP if fixed, background errors) and triage lists, for a results file or
// a run folder.

#include <chrono>
#include <fstream>
#include <future>
#include <iostream>
#include <optional>

#include "analysis/analysis_json.h"
#include "analysis/analysis_report.h"
#include "analysis/image_ranking.h"
#include "analysis/keypoint_analysis.h"
#include "analysis/triage.h"
#include "cli_args.h"
#include "commands.h"
#include "common/errors.h"
#include "eval/eval_params.h"
#include "eval/ground_truth.h"
#include "eval/results_io.h"
#include "eval_settings_args.h"
#include "pipeline/run_folder.h"
#include "report/run_ground_truth.h"

namespace posescope::cli {

int runAnalyze(const ParsedArgs& parsed) {
  const bool fromRun = parsed.positional.size() == 1;
  if (parsed.positional.size() > 1) {
    throw UsageError{"unexpected argument '" + parsed.positional[1] + "'"};
  }
  if (fromRun && (parsed.has("--gt") || parsed.has("--dt") || parsed.has("--dataset"))) {
    throw UsageError{"give either RUN_DIR or --gt and --dt, not both"};
  }
  for (const char* option : {"--skeleton", "--category"}) {
    if (fromRun && parsed.has(option)) {
      throw UsageError{std::string(option) +
                       ": a run folder is scored with its own keypoints "
                       "and sigmas (its run.json and skeleton.json)"};
    }
  }
  AnalysisOptions options;
  options.threads = static_cast<int>(parsed.getInt("--threads", 0));
  if (options.threads < 0) throw UsageError{"--threads must be 0 or more"};
  const long worst = parsed.getInt("--worst");
  if (worst < 0) throw UsageError{"--worst must be 0 or more"};
  ImageOrder order = ImageOrder::ApLost;
  try {
    order = imageOrderFromKeyword(parsed.get("--worst-by", "ap-lost"));
  } catch (const Error& e) {
    throw UsageError{std::string("--worst-by: ") + e.what()};
  }

  const auto start = std::chrono::steady_clock::now();
  KeypointGroundTruth gt;
  std::vector<KeypointDetection> results;
  KeypointLayout layout;
  AnalysisReportContext context;
  if (fromRun) {
    RunEvaluationInput in = loadRunEvaluationInput(loadRunFolder(parsed.positional[0]));
    gt = std::move(in.groundTruth);
    results = std::move(in.results);
    layout = in.layout;
    context.groundTruth = in.annotationFile;
    context.results = in.resultsFile;
    options.resultsSource = in.resultsFile;
  } else {
    const std::string gtPath = parsed.require("--gt");
    const std::string dtPath = parsed.require("--dt");
    // The two files are parsed at once: on a large set that halves the wait. Image ids given as
    // file name stems (Ultralytics) are resolved once the ground truth is read.
    auto pending =
        std::async(std::launch::async, [&] { return loadResultsWithImageNames(dtPath); });
    const LayoutChoice choice = layoutChoice(parsed);
    const KeypointGroundTruth file = loadGroundTruth(gtPath);
    for (const std::string& warning : file.warnings) std::cerr << "warning: " << warning << "\n";
    layout = resolveKeypointLayout(file, choice);
    gt = groundTruthOfLayout(file, layout);
    results = detectionsOfLayout(resolveImageNames(pending.get(), file), layout);
    context.groundTruth = gtPath;
    context.results = dtPath;
    options.resultsSource = dtPath;
  }
  AnalysisParams params = analysisParamsFor(layout);
  if (!layout.isReference()) context.sigmasFrom = layout.sigmasFrom;
  if (fromRun && parsed.has("--sigmas")) {
    // The run's joints with other sigmas: a changed setting, as the GUI's re-evaluation allows.
    const KeypointLayout changed = resolveKeypointLayout(gt, [&] {
      LayoutChoice choice;
      choice.dataset = layout.variant;
      choice.sigmas = parseNumberList(parsed.get("--sigmas"), "--sigmas");
      return choice;
    }());
    params.eval.sigmas = changed.skeleton.sigmas;
  }
  applyEvalSettings(parsed, params.eval);
  // The worst images are ranked against the metric table's AP: valid.py's settings with the
  // same changes, not coco-analyze's area ranges.
  EvalParams tableParams = evalParamsFor(layout);
  tableParams.sigmas = params.eval.sigmas;
  applyEvalSettings(parsed, tableParams);
  const KeypointAnalysis analysis = analyzeKeypoints(gt, results, params, options);
  const Triage triage = buildTriage(analysis, gt);
  const std::string json =
      parsed.has("--json") || parsed.has("--out") ? formatAnalysisJson(analysis, triage) : "";
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  if (parsed.has("--out")) {
    const std::string path = parsed.get("--out");
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << json;
    if (!out) throw Error("cannot write the analysis to '" + path + "'");
  }
  if (parsed.has("--json")) {
    std::cout << json;
  } else {
    context.worstImages = static_cast<std::size_t>(worst);
    context.order = order;
    if (worst > 0) {
      try {
        context.ranked = rankImages(gt, results, tableParams, order, options.threads);
      } catch (const EvalError& e) {
        context.rankingNote = std::string("not ranked: ") + e.what();
      }
    }
    std::cout << formatAnalysisReport(analysis, triage, context);
  }
  if (parsed.has("--time")) {
    std::cerr << "analysed " << results.size() << " results on " << gt.images.size() << " images ("
              << variantName(layout.variant) << ") in " << seconds << " s\n";
  }
  return kOk;
}

}  // namespace posescope::cli
