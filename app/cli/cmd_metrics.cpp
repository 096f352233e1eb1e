// posescope-cli metrics: keypoint metrics of a results file against a ground truth file, as
// pycocotools / crowdposetools compute them and valid.py prints them.

#include <chrono>
#include <fstream>
#include <future>
#include <iostream>
#include <optional>

#include "cli_args.h"
#include "commands.h"
#include "common/errors.h"
#include "eval/ground_truth.h"
#include "eval/keypoint_eval.h"
#include "eval/metric_table.h"
#include "eval/per_image_json.h"
#include "eval/results_io.h"
#include "eval_settings_args.h"

namespace posescope::cli {

namespace {

const char* kMetricsUsageText =
    "usage: posescope-cli metrics --gt GT.json --dt RESULTS.json [options]\n"
    "\n"
    "Computes the keypoint metrics of a COCO keypoint results file, identical to pycocotools\n"
    "(COCO) or crowdposetools (CrowdPose), and prints valid.py's Markdown table.\n"
    "\n"
    "options:\n"
    "  --gt FILE          ground truth annotations (COCO-style JSON)\n"
    "  --dt FILE          keypoint results (list of image_id, category_id, keypoints, score)\n"
    "  --dataset NAME     coco | crowdpose (also crowd_pose); default: crowdpose when the\n"
    "                     ground truth's keypoint category has 14 joints, else coco\n"
    "  --arch NAME        name in the table's first column (default: pose)\n"
    "  --json             print the table as JSON (full precision) instead of Markdown\n"
    "  --csv              print the table as CSV (full precision) instead of Markdown\n"
    "  --per-image FILE   write the per-image evaluation (matches, OKS, AP) as JSON Lines\n"
    "  --threads N        worker threads (default: all cores)\n"
    "  --time             print the evaluation time, JSON loading included, to stderr\n"
    "  --help             show this help\n"
    "\n"
    "%SETTINGS%"
    "\n"
    "CrowdPose's AP (easy/medium/hard) are crowdposetools' values: images split by crowdIndex\n"
    "at 0.2 and 0.8, each the mean of the whole precision array (-1 entries included),\n"
    "rounded to 4 decimals.\n"
    "\n"
    "exit codes: 0 ok, 2 bad command line, 3 bad input file.\n";

std::string metricsUsage() {
  std::string text = kMetricsUsageText;
  text.replace(text.find("%SETTINGS%"), 10, kEvalSettingsHelp);
  return text;
}

}  // namespace

int runMetrics(const Args& args) {
  std::set<std::string> valueOptions = evalSettingOptions();
  valueOptions.insert({"--gt", "--dt", "--dataset", "--arch", "--per-image", "--threads"});
  const ParsedArgs parsed = parseArgs(args, valueOptions, {"--json", "--csv", "--time"});
  if (parsed.has("--help")) {
    std::cout << metricsUsage();
    return kOk;
  }
  if (!parsed.positional.empty()) {
    throw UsageError{"unexpected argument '" + parsed.positional.front() + "'"};
  }
  if (parsed.has("--json") && parsed.has("--csv")) {
    throw UsageError{"--json and --csv are exclusive"};
  }
  const std::string gtPath = parsed.require("--gt");
  const std::string dtPath = parsed.require("--dt");
  EvalOptions options;
  options.threads = static_cast<int>(parsed.getInt("--threads", 0));
  if (options.threads < 0) throw UsageError{"--threads must be 0 or more"};
  options.perImage = parsed.has("--per-image");

  const std::optional<EvalVariant> chosen = datasetOption(parsed);
  options.resultsSource = dtPath;

  const auto start = std::chrono::steady_clock::now();
  // The two files are parsed at once: on a large set that halves the wait.
  auto pending = std::async(std::launch::async, [&] { return loadResults(dtPath); });
  const KeypointGroundTruth gt = loadGroundTruth(gtPath);
  const EvalVariant variant = chosen ? *chosen : variantForGroundTruth(gt);
  EvalParams params = evalParamsFor(variant);
  applyEvalSettings(parsed, params);
  for (const std::string& change : differencesFromReference(params))
    std::cerr << "note: not valid.py's setting: " << change << "\n";
  const auto results = pending.get();
  const EvalSummary summary = evaluateKeypoints(gt, results, params, options);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  if (parsed.has("--per-image")) {
    const std::string path = parsed.get("--per-image");
    std::ofstream out(path, std::ios::binary);
    out << formatImageEvaluationsJsonl(summary.images);
    if (!out) throw EvalError(path + ": cannot write the per-image evaluation");
  }
  const std::string arch = parsed.get("--arch", "pose");
  // Changed settings travel with the table, so a saved table never passes for valid.py's.
  const std::vector<std::string> changes = differencesFromReference(params);
  if (parsed.has("--json")) {
    std::cout << formatJsonTable(summary.table, arch, changes);
  } else if (parsed.has("--csv")) {
    std::cout << formatCsvTable(summary.table, arch, changes);
  } else {
    std::cout << formatMarkdownTable(summary.table, arch, changes);
  }
  if (parsed.has("--time")) {
    std::cerr << "evaluated " << results.size() << " results on " << gt.images.size() << " images ("
              << variantName(variant) << ") in " << seconds << " s\n";
  }
  return kOk;
}

}  // namespace posescope::cli
