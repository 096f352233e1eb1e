// posescope-cli merge: the shard folders of `eval --shard K/N` (or of `sweep --shard K/N`) joined
// into one run folder (or sweep folder). Needs neither LibTorch nor OpenCV (records, metrics and
// analysis only), so it runs in the front end.

#include <algorithm>
#include <iostream>

#include "cli_args.h"
#include "commands.h"
#include "pipeline/run_merge.h"
#include "report/sweep_merge.h"
#include "report/sweep_scores.h"

namespace posescope::cli {

int runMerge(const ParsedArgs& args) {
  const std::string out = args.require("--out");
  if (args.positional.empty()) throw UsageError{"expected the shard folders to merge"};
  const bool quiet = args.has("--quiet");
  const auto log = [&](const std::string& line) {
    if (!quiet) std::cerr << line << "\n";
  };
  if (std::all_of(args.positional.begin(), args.positional.end(), isSweepFolder)) {
    const SweepSummary merged = mergeSweepShards(args.positional, out, BootstrapOptions{}, log);
    std::cerr << "sweep folder: " << out << "\n";
    std::cout << sweepTable(merged);
    const bool someFailed =
        std::any_of(merged.checkpoints.begin(), merged.checkpoints.end(),
                    [](const SweepCheckpoint& c) { return c.state == "failed"; });
    return someFailed ? kBadInput : kOk;
  }
  const MergedRun merged = mergeShardRuns(args.positional, out, log);
  std::cerr << "run folder: " << out << "\n";
  if (merged.summary.imagesFailed > 0)
    std::cerr << merged.summary.imagesFailed << " image(s) failed; see records.jsonl\n";
  std::cout << merged.metrics.markdown;
  return kOk;
}

}  // namespace posescope::cli
