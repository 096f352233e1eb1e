#include "report/ground_truth_fixes_export.h"

#include <filesystem>

#include <nlohmann/json.hpp>

#include "common/errors.h"
#include "common/strings.h"
#include "eval/keypoint_eval.h"
#include "pipeline/atomic_file.h"
#include "report/annotation_fixes.h"

namespace posescope {

namespace fs = std::filesystem;

namespace {

std::int64_t categoryOf(const RunEvaluationInput& in) {
  return in.layout.categoryIds.empty() ? 1 : in.layout.categoryIds.front();
}

}  // namespace

MetricTable metricsWithFixes(const RunEvaluationInput& in,
                             const std::vector<AnnotationSuspect>& fixes) {
  const KeypointGroundTruth fixed =
      groundTruthWithFixes(in.groundTruth, fixes, categoryOf(in), nextAnnotationId(in.groundTruth));
  return evaluateKeypoints(fixed, in.results, evalParamsFor(in.layout)).table;
}

std::string writeGroundTruthFixes(const RunEvaluationInput& in,
                                  const std::vector<AnnotationSuspect>& fixes,
                                  const std::string& outDir, const std::string& tableName,
                                  const std::string& which) {
  const AnnotationFixes fixed = applyAnnotationFixes(readTextFile(in.annotationFile),
                                                     in.annotationFile, fixes, categoryOf(in));
  std::error_code ec;
  fs::create_directories(outDir, ec);
  if (ec) throw Error("cannot create folder '" + outDir + "': " + ec.message());
  const std::string fixedPath =
      (fs::path(outDir) / fs::path(in.annotationFile).filename()).string();
  // The fixed file takes the original's name: in the original's own folder it would replace it.
  if (fs::exists(fixedPath) && fs::equivalent(fixedPath, in.annotationFile, ec))
    throw Error("'" + outDir + "' holds the annotation file '" + in.annotationFile +
                "' itself: the fixed file would replace it; choose another folder");
  writeFileAtomically(fixedPath, fixed.json);

  // The metrics with the fixes from the ground truth as read, fixed the same way (the tests check
  // them against the written file's).
  const MetricTable before =
      evaluateKeypoints(in.groundTruth, in.results, evalParamsFor(in.layout)).table;
  const MetricTable after = metricsWithFixes(in, fixes);
  std::string md = "# Ground-truth fixes: " + in.annotationFile + "\n\n" +
                   std::to_string(fixes.size()) + " fixes (" + which + "), written to " +
                   fixedPath + ".\n\n";
  for (const std::string& change : fixed.changes) md += "- " + change + "\n";
  md += "\nThe run's metrics with the annotation file as it is:\n\n" +
        formatMarkdownTable(before, tableName) + "\nWith the fixes:\n\n" +
        formatMarkdownTable(after, tableName);
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
  return md;
}

}  // namespace posescope
