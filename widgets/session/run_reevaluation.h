#pragma once
// A run's results evaluated again with evaluation settings of the user's choice (the Results
// page's evaluation settings), without running inference again.

#include <QMetaType>
#include <memory>
#include <string>
#include <vector>

#include "eval/curves.h"
#include "eval/metric_table.h"
#include "report/per_image_table.h"
#include "widgets/session/eval_params_metatype.h"

namespace posescope {

/// What `posescope-cli metrics --per-image` computes for the run's results.json with the options
/// that give `params`; immutable once built, handed between threads as a shared pointer.
struct RunReevaluation {
  EvalParams params;
  /// differencesFromReference(params): one phrase per setting that is not valid.py's; empty when
  /// the settings are valid.py's.
  std::vector<std::string> changes;
  MetricTable table;
  std::vector<PerImageRow> rows;  // one per record of the run, with the images' AP and mean OKS
  /// pycocotools' accumulate arrays of this evaluation: the metric table's PR curves, drawn
  /// before the analysis of the same settings arrives.
  std::shared_ptr<const EvalCurves> curves;
  double milliseconds = 0;  // evaluation time (the table, the rows and the arrays)

  bool usesValidPySettings() const { return changes.empty(); }
};

using RunReevaluationPtr = std::shared_ptr<const RunReevaluation>;

}  // namespace posescope

Q_DECLARE_METATYPE(posescope::RunReevaluationPtr)
