#pragma once
// A run folder read back as a whole: what the Results, Run, Inspect, Timing and Compare pages
// show of it. Read once per folder by the RunStore and shared, never copied.

#include <QMetaType>
#include <QString>
#include <memory>
#include <optional>

#include "eval/metric_table.h"
#include "pipeline/run_folder.h"
#include "render/run_overlay_data.h"

namespace posescope {

struct OpenedRun {
  LoadedRun run;
  /// A run that stopped early (interrupted, cancelled) has no metrics.json: the metric table of
  /// the images it did, computed when read, shown marked partial and never exported as the run's.
  std::optional<MetricTable> partialMetrics;
  QString partialMetricsError;  // why they could not be computed
  /// The per-image AP, ground-truth people and mean OKS of `inspect` (its rows and matches) are
  /// those of the partial metrics' scoring: the run has no image_eval.jsonl.
  bool partialImageScores = false;
  QString log;                // log.txt; "" when it is missing
  RunOverlayDataPtr inspect;  // the viewer's data; nullptr when it cannot be assembled
  QString inspectError;       // why `inspect` is nullptr
};
/// Handed from the worker thread to every page without a copy of its thousands of records.
using OpenedRunPtr = std::shared_ptr<const OpenedRun>;

/// Reads run folder `dir` (loadRunFolder), its log, the partial metrics of a run that stopped
/// early and the Inspect page's data; blocking, for a worker thread. Throws Error naming the
/// folder or file when `dir` is not a readable run folder; what only the Inspect page or the
/// partial metrics need and cannot be read is kept as their error instead.
OpenedRunPtr readOpenedRun(const QString& dir);

/// A run read back, shared by the pages and jobs that read it instead of copied to each (a
/// 5,000-image run's records are tens of megabytes).
using LoadedRunPtr = std::shared_ptr<const LoadedRun>;

/// The run of `opened`, sharing its ownership (what the analysis and a comparison hold).
inline LoadedRunPtr loadedRunOf(const OpenedRunPtr& opened) {
  return {opened, &opened->run};
}

}  // namespace posescope

Q_DECLARE_METATYPE(posescope::OpenedRunPtr)
