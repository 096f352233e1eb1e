#pragma once
// A run's annotation file with fixes of its suspected annotation errors applied, written with the
// change list and the run's metrics without and with them (export --what gt-fixes, and the
// Results page's Annotation QA tab).

#include <string>
#include <vector>

#include "analysis/annotation_suspects.h"
#include "eval/metric_table.h"
#include "report/run_ground_truth.h"

namespace posescope {

/// The run's metric table (its layout's settings) on its ground truth as read with `fixes`
/// applied (groundTruthWithFixes). Throws EvalError as evaluateKeypoints.
MetricTable metricsWithFixes(const RunEvaluationInput& in,
                             const std::vector<AnnotationSuspect>& fixes);

/// Writes OUT_DIR/<the annotation file's name> (applyAnnotationFixes of the file `in` read),
/// OUT_DIR/changes.md (each change, then the run's metric table, arch `tableName`, without and
/// with the fixes) and OUT_DIR/changes.json ({"annotation_file", "fixed_file", "fixes": [keys],
/// "changes", "metrics": {stat: {"before", "after"}}}); `which` says which suspects the fixes are
/// ("the accepted suspects"). Returns changes.md's text. Throws Error naming the folder or file
/// that cannot be written, naming OUT_DIR when it is the annotation file's own folder (the fixed
/// file would replace the original), and as applyAnnotationFixes.
std::string writeGroundTruthFixes(const RunEvaluationInput& in,
                                  const std::vector<AnnotationSuspect>& fixes,
                                  const std::string& outDir, const std::string& tableName,
                                  const std::string& which);

}  // namespace posescope
