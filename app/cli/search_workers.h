#pragma once
// Local shard workers of `posescope-cli search --shards N`: N processes of this program, each
// evaluating every N-th pending candidate of a generation, run side by side.

#include <string>

namespace posescope::cli {

/// Starts `program search-worker SEARCH_DIR --generation G --shard K/N --threads T --device D`
/// for K = 0..N-1,
/// each writing its output to SEARCH_DIR/pending/generation-G.shard-K.log, and waits for all.
/// Throws Error naming the log of every worker that failed.
void runShardWorkers(const std::string& program, const std::string& searchDir, int generation,
                     int shards, int threadsPerWorker, const std::string& device);

}  // namespace posescope::cli
