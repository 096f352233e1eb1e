#pragma once
// A checkpoint sweep's numbers, read back from its run folders: each checkpoint's stats with their
// bootstrap intervals, the best checkpoint against the second best, and the table sweep prints.
// No Torch: `posescope-cli merge` scores a merged sweep too.

#include <string>

#include "analysis/paired_bootstrap.h"
#include "pipeline/sweep_summary.h"

namespace posescope {

/// Fills `summary` from the run folders under `sweepDir`: each checkpoint's state (and epoch when
/// run.json records one); for a complete run with metrics, its stats (metrics.json) and each
/// stat's percentile bootstrap interval over its images (bootstrapIntervals); then the best by
/// summary.rankedBy against the second best (bestAgainstSecond), all with `options` (recorded in
/// the summary). A checkpoint without a run folder keeps its state ("failed" with its problem,
/// "pending"); a run folder that cannot be read, or scored, is "failed" with the reason. Throws
/// Error only when the complete runs have different stats (a sweep over one test set never does).
void scoreSweep(SweepSummary& summary, const std::string& sweepDir,
                const BootstrapOptions& options);

/// The table sweep prints: one row per checkpoint (file, epoch, the ranked stat and its
/// interval's half-width, state, problem), then the best checkpoint with its difference and
/// paired interval against the second best, and whether that difference could be noise.
std::string sweepTable(const SweepSummary& summary);

}  // namespace posescope
