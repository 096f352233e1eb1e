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
#include "analysis/keypoint_analysis.h"
#include "analysis/triage.h"
#include "cli_args.h"
#include "commands.h"
#include "common/errors.h"
#include "eval/ground_truth.h"
#include "eval/results_io.h"
#include "eval_settings_args.h"
#include "pipeline/run_folder.h"
#include "report/run_ground_truth.h"

namespace posescope::cli {

namespace {

const char* const kAnalyzeUsage =
    R"(usage: posescope-cli analyze --gt GT.json --dt RESULTS.json [--dataset coco|crowdpose] [options]
       posescope-cli analyze RUN_DIR [options]

Explains the keypoint metrics of a results file (or of a run folder's results.json against the
annotation file it was evaluated on) with the error analysis of Ronchi & Perona (ICCV 2017), as
coco-analyze computes it:
  - each detection matched to a person at OKS 0.1 gets a label per joint: good (ks > .85 at the
    own joint), jitter (.5 <= ks < .85), inversion (ks >= .5 at the mirrored joint), swap (ks >= .5
    at another person's joint), miss (ks < .5), unlabelled;
  - AP and recall at every OKS threshold and area range (all from 32², medium, large) for the
    baseline, each keypoint error type fixed alone, optimal scores, background false positives
    removed, then false negatives removed;
  - background false positives / false negatives per threshold (after fixing keypoints and scores),
    joint labels per joint, and triage lists (worst OKS, confident false positives, missed people,
    swaps, inversions, per-image counts).
Note the baseline is coco-analyze's (area 'all' starts at 32²), not valid.py's AP.

options:
  --gt FILE          ground truth annotations (COCO-style JSON)
  --dt FILE          keypoint results
  --dataset NAME     coco | crowdpose (default: crowdpose for 14 joints, else coco)
  --json             print the analysis as JSON (detections, ap_if_fixed, counts, joints, triage,
                     settings) instead of the report
  --out FILE         also write the JSON to FILE
  --worst N          rows in the report's worst-image table (default 10)
  --threads N        worker threads (default: all cores)
  --time             print the analysis time, JSON loading included, to stderr
  --help             show this help

)";

}  // namespace

int runAnalyze(const Args& args) {
  std::set<std::string> valueOptions = evalSettingOptions();
  valueOptions.insert({"--gt", "--dt", "--dataset", "--out", "--worst", "--threads"});
  const ParsedArgs parsed = parseArgs(args, valueOptions, {"--json", "--time"});
  if (parsed.has("--help")) {
    std::cout << kAnalyzeUsage << kEvalSettingsHelp;
    return kOk;
  }
  const bool fromRun = parsed.positional.size() == 1;
  if (parsed.positional.size() > 1) {
    throw UsageError{"unexpected argument '" + parsed.positional[1] + "'"};
  }
  if (fromRun && (parsed.has("--gt") || parsed.has("--dt") || parsed.has("--dataset"))) {
    throw UsageError{"give either RUN_DIR or --gt and --dt, not both"};
  }
  AnalysisOptions options;
  options.threads = static_cast<int>(parsed.getInt("--threads", 0));
  if (options.threads < 0) throw UsageError{"--threads must be 0 or more"};
  const long worst = parsed.getInt("--worst", 10);
  if (worst < 0) throw UsageError{"--worst must be 0 or more"};

  const std::optional<EvalVariant> chosen = datasetOption(parsed);

  const auto start = std::chrono::steady_clock::now();
  KeypointGroundTruth gt;
  std::vector<KeypointDetection> results;
  EvalVariant variant;
  AnalysisReportContext context;
  if (fromRun) {
    RunEvaluationInput in = loadRunEvaluationInput(loadRunFolder(parsed.positional[0]));
    gt = std::move(in.groundTruth);
    results = std::move(in.results);
    variant = in.variant;
    context.groundTruth = in.annotationFile;
    context.results = in.resultsFile;
    options.resultsSource = in.resultsFile;
  } else {
    const std::string gtPath = parsed.require("--gt");
    const std::string dtPath = parsed.require("--dt");
    // The two files are parsed at once: on a large set that halves the wait.
    auto pending = std::async(std::launch::async, [&] { return loadResults(dtPath); });
    gt = loadGroundTruth(gtPath);
    results = pending.get();
    variant = chosen ? *chosen : variantForGroundTruth(gt);
    context.groundTruth = gtPath;
    context.results = dtPath;
    options.resultsSource = dtPath;
  }
  AnalysisParams params = analysisParamsForJoints(variant, gt);
  applyEvalSettings(parsed, params.eval);
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
    std::cout << formatAnalysisReport(analysis, triage, context);
  }
  if (parsed.has("--time")) {
    std::cerr << "analysed " << results.size() << " results on " << gt.images.size() << " images ("
              << variantName(variant) << ") in " << seconds << " s\n";
  }
  return kOk;
}

}  // namespace posescope::cli
