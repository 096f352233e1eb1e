#include "export_gt_fixes.h"

#include <iostream>

#include "analysis/annotation_suspects.h"
#include "cli_args.h"
#include "common/errors.h"
#include "pipeline/run_labels.h"
#include "report/annotation_fixes.h"
#include "report/ground_truth_fixes_export.h"
#include "report/run_ground_truth.h"

namespace posescope::cli {

int writeGroundTruthFixes(const LoadedRun& run, const std::string& outDir, bool all) {
  const RunEvaluationInput in = loadRunEvaluationInput(run);
  const AnnotationSuspects found = findAnnotationSuspects(in.groundTruth, in.results, in.layout);
  const std::vector<AnnotationSuspect> fixes =
      all ? found.suspects : acceptedSuspects(found, readSuspectDecisions(run.dir));
  if (fixes.empty())
    throw Error(run.dir +
                ": no suspected annotation error is accepted (accept them in the GUI (Results, "
                "Annotation QA), "
                "or with posescope-cli suspects RUN_DIR --accept KEY; --all takes every "
                "suspect)");
  std::cout << writeGroundTruthFixes(in, fixes, outDir, runTableName(run.summary),
                                     all ? "every suspect" : "the accepted suspects");
  return kOk;
}

}  // namespace posescope::cli
