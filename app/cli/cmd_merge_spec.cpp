// `merge`'s options and help (command_declarations.h); cmd_merge.cpp runs it.

#include "command_declarations.h"

namespace posescope::cli {

CommandSpec mergeCommand() {
  return {
      "merge",
      "join the shard folders of eval --shard K/N into one run folder",
      {"SHARD_DIR... --out RUN_DIR [--quiet]"},
      "Joins the run folders of 'posescope-cli eval --shard K/N' (K = 0..N-1) into one run "
      "folder,\n"
      "as if the evaluation had run in one piece: records.jsonl and results.json in the "
      "unsharded\n"
      "order (results.json is byte for byte an unsharded run's), the metric table, "
      "image_eval.jsonl\n"
      "and analysis.json computed once, run.json and log.txt. The GUI, compare and export open it "
      "like\n"
      "any other run; the metric table is printed on stdout.\n"
      "\n"
      "Merge refuses (exit 3, naming the folders) shards that do not belong together: a folder "
      "that\n"
      "is not a complete shard, different N, config.yaml, arch.json, model, dataset, image "
      "selection\n"
      "(--limit) or run inputs (checkpoint, annotation file and config digests, dataset root), a "
      "shard\n"
      "missing or given twice, or a shard holding the wrong number of records. RUN_DIR must not\n"
      "already hold a run.\n"
      "\n"
      "Given the shard folders of 'posescope-cli sweep --shard K/N' (sweep folders, of the same\n"
      "checkpoints), merge joins each checkpoint's shards into RUN_DIR/<checkpoint name> the same\n"
      "way, scores the sweep, writes RUN_DIR/sweep.json and prints sweep's table (exit 3 when a\n"
      "checkpoint failed in a shard or its shards do not merge; the others are merged).\n",
      {{"SHARD_DIR...", "", "the shard folders of one evaluation"}},
      {{"options",
        {{"--out", "RUN_DIR", "the merged run folder (created)"},
         {"--quiet", "", "no progress on stderr"}}}},
      "",
  };
}

}  // namespace posescope::cli
