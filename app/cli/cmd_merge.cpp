// posescope-cli merge: the shard folders of `eval --shard K/N` joined into one run folder. Needs
// neither LibTorch nor OpenCV (records, metrics and analysis only), so it runs in the front end.

#include <iostream>

#include "cli_args.h"
#include "commands.h"
#include "pipeline/run_merge.h"

namespace posescope::cli {

namespace {

const char* const kHelpText =
    R"(usage: posescope-cli merge SHARD_DIR... --out RUN_DIR [--quiet]

Joins the run folders of 'posescope-cli eval --shard K/N' (K = 0..N-1) into one run folder,
as if the evaluation had run in one piece: records.jsonl and results.json in the unsharded
order (results.json is byte for byte an unsharded run's), the metric table, image_eval.jsonl
and analysis.json computed once, run.json and log.txt. The GUI, compare and export open it like
any other run; the metric table is printed on stdout.

Merge refuses (exit 3, naming the folders) shards that do not belong together: a folder that
is not a complete shard, different N, config.yaml, arch.json, model, dataset, image selection
(--limit) or run inputs (checkpoint, annotation file and config digests, dataset root), a shard
missing or given twice, or a shard holding the wrong number of records. RUN_DIR must not
already hold a run.

  --out RUN_DIR  the merged run folder (created)
  --quiet        no progress on stderr
)";

}  // namespace

int runMerge(const Args& raw) {
  const ParsedArgs args = parseArgs(raw, {"--out"}, {"--quiet"});
  if (args.has("--help")) {
    std::cout << kHelpText;
    return kOk;
  }
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
