#pragma once
// Shard workers of `posescope-cli search --shards N`: N processes of this program, each
// evaluating every N-th pending candidate of a generation, run side by side here or as the tasks
// of a Slurm job array (--slurm).

#include <string>
#include <vector>

#include "slurm_script.h"

namespace posescope::cli {

/// Starts `program search-worker SEARCH_DIR --generation G --shard K/N --threads T --device D`
/// for K = 0..N-1,
/// each writing its output to SEARCH_DIR/pending/generation-G.shard-K.log, and waits for all.
/// Throws Error naming the log of every worker that failed.
void runShardWorkers(const std::string& program, const std::string& searchDir, int generation,
                     int shards, int threadsPerWorker, const std::string& device);

/// Writes SEARCH_DIR/slurm/generation-G.sbatch (searchArrayScript; SEARCH_DIR = spec.runDir),
/// submits it with `sbatch --wait` and returns once every task has ended. Throws Error naming the
/// tasks' logs when the job failed, and sbatch's message when it refused the job.
void runSlurmShardWorkers(const SlurmJobSpec& spec, int generation,
                          const std::vector<std::string>& workerArgs);

}  // namespace posescope::cli
