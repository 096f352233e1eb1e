// posescope-cli merge: the shard folders of `eval --shard K/N` joined into one run folder. Needs
// neither LibTorch nor OpenCV (records, metrics and analysis only), so it runs in the front end.

#include <iostream>

#include "cli_args.h"
#include "commands.h"
#include "pipeline/run_merge.h"

namespace posescope::cli {

int runMerge(const ParsedArgs& args) {
  const std::string out = args.require("--out");
  if (args.positional.empty()) throw UsageError{"expected the shard folders to merge"};
  const bool quiet = args.has("--quiet");
  const MergedRun merged = mergeShardRuns(args.positional, out, [&](const std::string& line) {
    if (!quiet) std::cerr << line << "\n";
  });
  std::cerr << "run folder: " << out << "\n";
  if (merged.summary.imagesFailed > 0)
    std::cerr << merged.summary.imagesFailed << " image(s) failed; see records.jsonl\n";
  std::cout << merged.metrics.markdown;
  return kOk;
}

}  // namespace posescope::cli
