// posescope-cli suspects: ground-truth people a run's confident predictions contradict
// (core/analysis/annotation_suspects.h), ranked with their evidence and a suggested fix.

#include <iostream>

#include "analysis/annotation_suspects.h"
#include "cli_args.h"
#include "commands.h"
#include "common/errors.h"
#include "pipeline/run_folder.h"
#include "report/run_ground_truth.h"

namespace posescope::cli {

int runSuspects(const ParsedArgs& args) {
  if (args.positional.size() != 1) throw UsageError{"expected one RUN_DIR"};
  const std::string format = args.get("--format", "md");
  if (format != "md" && format != "json")
    throw UsageError{"--format must be md or json, not '" + format + "'"};
  const long top = args.getInt("--top", 20);
  if (top < 0) throw UsageError{"--top must be 0 or more"};
  SuspectThresholds thresholds;
  thresholds.minScore = args.getDouble("--min-score", thresholds.minScore);
  if (!(thresholds.minScore >= 0)) throw UsageError{"--min-score must be 0 or more"};
  const std::string dir = args.positional.front();
  const RunEvaluationInput in = loadRunEvaluationInput(loadRunFolder(dir));
  for (const std::string& warning : in.groundTruth.warnings)
    std::cerr << "warning: " << warning << "\n";
  const AnnotationSuspects found =
      findAnnotationSuspects(in.groundTruth, in.results, in.layout, thresholds);
  const auto listed = static_cast<std::size_t>(top);
  std::cout << (format == "json" ? formatSuspectsJson(found, in.annotationFile, listed)
                                 : formatSuspectsMarkdown(found, in.annotationFile, listed));
  return found.suspects.empty() ? kOk : kFailed;
}

}  // namespace posescope::cli
