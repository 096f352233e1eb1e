#pragma once
// `posescope-cli merge`: the partial run folders of `eval --shard K/N` joined into one run folder,
// the same as an unsharded run's (results.json byte for byte). No Torch.

#include <functional>
#include <string>
#include <vector>

#include "common/errors.h"
#include "pipeline/run_folder.h"
#include "pipeline/run_metrics.h"

namespace posescope {

/// Shards that do not belong together or are incomplete; what() names the folders and the
/// difference.
class ShardMergeError : public Error {
 public:
  using Error::Error;
};

/// The merged run: its summary (run.json) and metric table.
struct MergedRun {
  RunSummary summary;
  RunMetrics metrics;
};

/// Checks that `shardDirs` are the complete shards 0..N-1 of one evaluation (each a complete
/// `eval --shard` folder; the same N, config.yaml, arch.json, model, dataset, image selection and
/// run inputs; none missing or given twice; each holding the records its shard must have), then
/// writes `outDir` as an unsharded run would: config.yaml, arch.json, records.jsonl and
/// results.json in the unsharded order, run.json, log.txt, and the metrics and analysis computed
/// once by computeRunMetrics. `log` receives progress lines. Throws ShardMergeError when the
/// shards do not fit together or `outDir` already holds a run, Error (naming the file) when a
/// folder cannot be read or written.
MergedRun mergeShardRuns(const std::vector<std::string>& shardDirs, const std::string& outDir,
                         const std::function<void(const std::string&)>& log = {});

}  // namespace posescope
