#pragma once
// How sure is one run's AP? Each stat of a results list with its percentile bootstrap interval
// over images, drawn as pairedBootstrap draws, so one run's interval and a paired difference with
// the same options come from the same resamples.

#include <string>
#include <vector>

#include "analysis/paired_bootstrap.h"
#include "analysis/resampled_metrics.h"

namespace posescope {

/// One stat of the metric table and its interval.
struct StatInterval {
  std::string name;
  double value = 0;          // over every image once (the metric table's value)
  double low = 0, high = 0;  // the (1 - level) / 2 and (1 + level) / 2 quantiles over resamples
  /// Half the interval's width, as tables show it (value ± halfWidth).
  double halfWidth() const { return (high - low) / 2; }
};

/// Every stat of `metrics`' table with its percentile interval: resample r is pairedBootstrap's
/// draw r (bootstrap_draw.h) for the same seed; the quantiles are numpy's linear ones over the
/// resamples where the stat is defined (> -1). A stat undefined on the whole set, or on every
/// resample, has low = high = value. Throws EvalError for resamples outside 1..1,000,000 or a
/// level outside (0, 1).
std::vector<StatInterval> bootstrapIntervals(const ResampledMetrics& metrics,
                                             const BootstrapOptions& options = {});

}  // namespace posescope
