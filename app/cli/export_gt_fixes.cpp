#include "export_gt_fixes.h"

#include <filesystem>
#include <iostream>
#include <unordered_set>

#include <nlohmann/json.hpp>

#include "analysis/annotation_suspects.h"
#include "cli_args.h"
#include "common/errors.h"
#include "common/strings.h"
#include "eval/ground_truth.h"
#include "eval/keypoint_eval.h"
#include "eval/metric_table.h"
#include "pipeline/atomic_file.h"
#include "pipeline/run_labels.h"
#include "report/annotation_fixes.h"
#include "report/run_ground_truth.h"

namespace posescope::cli {

namespace fs = std::filesystem;

namespace {

// The run's metric table on `gt` restricted as the run's own reading is: its images, its
// layout's categories.
MetricTable metricsOn(KeypointGroundTruth gt, const RunEvaluationInput& in) {
  std::vector<std::int64_t> ids;
  for (const GroundTruthImage& image : in.groundTruth.images) ids.push_back(image.id);
  gt = groundTruthOfLayout(restrictToImages(gt, ids), in.layout);
  return evaluateKeypoints(gt, in.results, evalParamsFor(in.layout)).table;
}

}  // namespace

int writeGroundTruthFixes(const LoadedRun& run, const std::string& outDir, bool all) {
  const RunEvaluationInput in = loadRunEvaluationInput(run);
  const AnnotationSuspects found = findAnnotationSuspects(in.groundTruth, in.results, in.layout);
  const SuspectDecisions decisions = readSuspectDecisions(run.dir);
  std::vector<AnnotationSuspect> fixes;
  for (const AnnotationSuspect& s : found.suspects) {
    const auto d = decisions.find(s.key);
    if (all || (d != decisions.end() && d->second)) fixes.push_back(s);
  }
  if (fixes.empty())
    throw Error(run.dir +
                ": no suspected annotation error is accepted (accept them in Inspect, "
                "or with posescope-cli suspects RUN_DIR --accept KEY; --all takes every "
                "suspect)");
  const std::int64_t category = in.layout.categoryIds.empty() ? 1 : in.layout.categoryIds.front();
  const AnnotationFixes fixed =
      applyAnnotationFixes(readTextFile(in.annotationFile), in.annotationFile, fixes, category);
  std::error_code ec;
  fs::create_directories(outDir, ec);
  if (ec) throw Error("cannot create folder '" + outDir + "': " + ec.message());
  const std::string fixedPath =
      (fs::path(outDir) / fs::path(in.annotationFile).filename()).string();
  writeFileAtomically(fixedPath, fixed.json);

  const MetricTable before = metricsOn(in.groundTruth, in);
  const MetricTable after = metricsOn(loadGroundTruth(fixedPath), in);
  const std::string arch = runTableName(run.summary);
  std::string md = "# Ground-truth fixes: " + in.annotationFile + "\n\n" +
                   std::to_string(fixes.size()) + " fixes " +
                   (all ? "(every suspect)" : "(the accepted suspects)") + ", written to " +
                   fixedPath + ".\n\n";
  for (const std::string& change : fixed.changes) md += "- " + change + "\n";
  md += "\nThe run's metrics with the annotation file as it is:\n\n" +
        formatMarkdownTable(before, arch) + "\nWith the fixes:\n\n" +
        formatMarkdownTable(after, arch);
  writeFileAtomically((fs::path(outDir) / "changes.md").string(), md);
  nlohmann::json keys = nlohmann::json::array(), table = nlohmann::json::object();
  for (const AnnotationSuspect& s : fixes) keys.push_back(s.key);
  for (std::size_t i = 0; i < before.names.size(); ++i)
    table[before.names[i]] = {{"before", before.values[i]}, {"after", after.values[i]}};
  writeFileAtomically((fs::path(outDir) / "changes.json").string(),
                      nlohmann::json({{"annotation_file", in.annotationFile},
                                      {"fixed_file", fixedPath},
                                      {"fixes", keys},
                                      {"changes", fixed.changes},
                                      {"metrics", table}})
                              .dump(2) +
                          "\n");
  std::cout << md;
  return kOk;
}

}  // namespace posescope::cli
