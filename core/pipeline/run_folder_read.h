#pragma once
// The small files of a run folder read on their own: run.json with the state a reader sees, and
// metrics.json. loadRunFolder reads a whole run with them; listings (the run library) read them
// without the records.

#include <optional>
#include <string>

#include "eval/metric_table.h"
#include "pipeline/run_folder.h"

namespace posescope {

/// `dir`/run.json, with a "running" run that nobody writes any more (run_lock.h) read as
/// Interrupted and its message saying how to continue it. Throws Error naming the folder when it
/// has no run.json, the file when it is malformed.
RunSummary readRunSummary(const std::string& dir);

/// `dir`/metrics.json; unset when the run has none (yet). Throws Error naming the file when it is
/// malformed.
std::optional<MetricTable> readRunMetricTable(const std::string& dir);

}  // namespace posescope
