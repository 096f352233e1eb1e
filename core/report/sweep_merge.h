#pragma once
// `posescope-cli merge` of sweep folders: the N shard folders of `sweep --shard K/N` joined into
// one sweep folder, each checkpoint's shards merged as eval's are (run_merge.h), then scored.

#include <functional>
#include <string>
#include <vector>

#include "analysis/paired_bootstrap.h"
#include "pipeline/sweep_summary.h"

namespace posescope {

/// Whether `dir` is a sweep folder (holds sweep.json).
bool isSweepFolder(const std::string& dir);

/// Checks that `shardDirs` are sweeps of the same checkpoints (the same files and run folder
/// names, each a shard of one sweep), then merges each checkpoint's shard run folders into
/// `outDir`/<run> with mergeShardRuns and scores the merged sweep (scoreSweep with `options`),
/// writing sweep.json and the sweep's config.yaml and arch.json. A checkpoint that failed in a
/// shard, or whose shards do not merge, is a failed row naming the reason; the others are
/// merged. Throws ShardMergeError when the folders are not shards of one sweep or `outDir`
/// already holds one, Error naming a file that cannot be read or written.
SweepSummary mergeSweepShards(const std::vector<std::string>& shardDirs, const std::string& outDir,
                              const BootstrapOptions& options,
                              const std::function<void(const std::string&)>& log = {});

}  // namespace posescope
