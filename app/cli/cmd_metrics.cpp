// posescope-cli metrics: keypoint metrics of a results file against a ground truth file, as
// pycocotools / crowdposetools compute them and valid.py prints them.

#include <chrono>
#include <fstream>
#include <future>
#include <iostream>
#include <optional>

#include "analysis/match_accuracy.h"
#include "analysis/match_accuracy_json.h"
#include "cli_args.h"
#include "commands.h"
#include "common/errors.h"
#include "eval/curves.h"
#include "eval/ground_truth.h"
#include "eval/keypoint_eval.h"
#include "eval/metric_table.h"
#include "eval/per_image_json.h"
#include "eval/results_io.h"
#include "eval_settings_args.h"
#include "pipeline/atomic_file.h"

namespace posescope::cli {

int runMetrics(const ParsedArgs& parsed) {
  if (!parsed.positional.empty()) {
    throw UsageError{"unexpected argument '" + parsed.positional.front() + "'"};
  }
  if (parsed.has("--json") && parsed.has("--csv")) {
    throw UsageError{"--json and --csv are exclusive"};
  }
  const bool accuracy = parsed.has("--accuracy") || parsed.has("--accuracy-csv");
  if (parsed.has("--accuracy-oks") && !accuracy) {
    throw UsageError{"--accuracy-oks needs --accuracy or --accuracy-csv"};
  }
  const double accuracyOks = parsed.getDouble("--accuracy-oks");
  if (!(accuracyOks > 0 && accuracyOks <= 1)) {
    throw UsageError{"--accuracy-oks must be in (0, 1], got " + parsed.get("--accuracy-oks")};
  }
  const std::string gtPath = parsed.require("--gt");
  const std::string dtPath = parsed.require("--dt");
  EvalOptions options;
  options.threads = static_cast<int>(parsed.getInt("--threads", 0));
  if (options.threads < 0) throw UsageError{"--threads must be 0 or more"};
  options.perImage = parsed.has("--per-image");

  const LayoutChoice choice = layoutChoice(parsed);
  options.resultsSource = dtPath;

  const auto start = std::chrono::steady_clock::now();
  // The two files are parsed at once: on a large set that halves the wait. Image ids given as
  // file name stems (Ultralytics) are resolved once the ground truth is read.
  auto pending = std::async(std::launch::async, [&] { return loadResultsWithImageNames(dtPath); });
  const KeypointGroundTruth file = loadGroundTruth(gtPath);
  for (const std::string& warning : file.warnings) std::cerr << "warning: " << warning << "\n";
  const KeypointLayout layout = resolveKeypointLayout(file, choice);
  const KeypointGroundTruth gt = groundTruthOfLayout(file, layout);
  const EvalVariant variant = layout.variant;
  EvalParams params = evalParamsFor(layout);
  applyEvalSettings(parsed, params);
  for (const std::string& change : settingChangesFor(params, layout))
    std::cerr << "note: not valid.py's setting: " << change << "\n";
  const auto results = detectionsOfLayout(resolveImageNames(pending.get(), file), layout);
  const EvalSummary summary = evaluateKeypoints(gt, results, params, options);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  if (parsed.has("--per-image")) {
    const std::string path = parsed.get("--per-image");
    std::ofstream out(path, std::ios::binary);
    out << formatImageEvaluationsJsonl(summary.images);
    if (!out) throw EvalError(path + ": cannot write the per-image evaluation");
  }
  if (parsed.has("--curves")) {
    writeFileAtomically(parsed.get("--curves"), formatCurvesJson(curvesOf(summary, params, gt)));
  }
  if (accuracy) {
    AccuracySettings settings;
    settings.oksThreshold = accuracyOks;
    const MatchAccuracy measured = matchAccuracy(gt, results, params, settings, options);
    for (const CategoryAccuracy& c : measured.categories) {
      if (c.calibration.scoresOutsideUnit > 0) {
        std::cerr << "note: " << c.calibration.scoresOutsideUnit << " scores of category '"
                  << c.name << "' are outside [0, 1]: counted in the end bins, and the "
                  << "calibration error assumes probabilities\n";
      }
    }
    if (parsed.has("--accuracy")) {
      writeFileAtomically(parsed.get("--accuracy"), formatMatchAccuracyJson(measured));
    }
    if (parsed.has("--accuracy-csv")) {
      writeFileAtomically(parsed.get("--accuracy-csv"), formatJointAccuracyCsv(measured));
    }
  }
  const std::string arch = parsed.get("--arch");
  // Changed settings travel with the table, so a saved table never passes for valid.py's.
  const std::vector<std::string> changes = settingChangesFor(params, layout);
  if (parsed.has("--json")) {
    std::cout << formatJsonTable(summary.table, arch, changes);
  } else if (parsed.has("--csv")) {
    std::cout << formatCsvTable(summary.table, arch, changes);
  } else {
    std::cout << formatMarkdownTable(summary.table, arch, changes);
    // Several categories: the table averages them (as pycocotools' summarize); each alone too.
    if (summary.categoryIds.size() > 1) {
      std::cout << "\nPer category:\n\n" << formatCategoryTable(curvesOf(summary, params, gt));
    }
  }
  if (parsed.has("--time")) {
    std::cerr << "evaluated " << results.size() << " results on " << gt.images.size() << " images ("
              << variantName(variant) << ") in " << seconds << " s\n";
  }
  return kOk;
}

}  // namespace posescope::cli
