#pragma once
// Several runs against one: each stat's difference from a baseline run and its paired-bootstrap
// interval over images (the Runs page's table of N runs), results read back as
// `posescope-cli compare` reads them.

#include <string>
#include <vector>

#include "analysis/paired_bootstrap.h"

namespace posescope {

/// A run folder and the name a table gives it.
struct NamedRun {
  std::string dir;
  std::string name;
};

/// One run against the baseline: pairedBootstrap(baseline, run), so `a` is the baseline's
/// value, `b` the run's, `delta` run - baseline.
struct RunAgainstBaseline {
  NamedRun run;
  BootstrapComparison comparison;
};

/// The baseline and the other runs against it, in the order given.
struct BaselineComparison {
  NamedRun baseline;
  std::vector<std::string> statNames;  // the metric table's order
  std::vector<RunAgainstBaseline> runs;
};

/// Reads the ground truth and results of `runs` (loadRunEvaluationInput) and compares each run
/// but runs[baseline] with it by pairedBootstrap with `options`. Throws Error naming the run and
/// both annotation files when a run is on another ground truth than the baseline (SHA-256 as
/// the runs recorded it, else the file), is scored with other keypoints or sigmas, or cannot be
/// read; EvalError as pairedBootstrap (the runs evaluated other images).
BaselineComparison compareAgainstBaseline(const std::vector<NamedRun>& runs, std::size_t baseline,
                                          const BootstrapOptions& options);

}  // namespace posescope
