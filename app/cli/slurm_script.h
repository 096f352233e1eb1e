#pragma once
// The batch scripts of `posescope-cli slurm` (a job array that runs one `eval --shard` per task,
// and the merge job that runs once the whole array has succeeded) and of `search --slurm` (a job
// array per generation, one `search-worker` shard per task).

#include <string>
#include <vector>

namespace posescope::cli {

/// What the scripts need; paths absolute.
struct SlurmJobSpec {
  std::string cli;                    // posescope-cli to run on the nodes
  std::string command = "eval";       // what each array task runs: eval or sweep
  std::vector<std::string> evalArgs;  // its arguments, without --out and --shard
  std::string runDir;                 // the merged run folder
  std::string workDir;                // where the jobs start (relative paths in evalArgs)
  size_t shards = 1;
  std::string jobName = "posescope-eval";
  std::string partition;  // "" leaves Slurm's default
  std::string time;       // "" leaves the partition's default
  std::string gpusPerTask;
  std::string cpusPerTask;
};

/// RUN_DIR/shards/K: where shard K writes its partial run folder.
std::string shardDir(const SlurmJobSpec& spec, size_t index);
/// RUN_DIR/slurm: the scripts and Slurm's logs.
std::string slurmDir(const SlurmJobSpec& spec);

/// The sbatch script of the job array (--array=0-(N-1)): task K runs
/// `posescope-cli eval ... --shard K/N --out RUN_DIR/shards/K` with K = $SLURM_ARRAY_TASK_ID
/// (spec.command instead of eval: a sweep's shard K of every checkpoint).
std::string evalArrayScript(const SlurmJobSpec& spec);
/// The sbatch script of the merge job (submitted with --dependency=afterok:<array job>).
std::string mergeScript(const SlurmJobSpec& spec);

/// The sbatch script of one search generation's job array (--array=0-(N-1)): task K runs
/// `posescope-cli search-worker SEARCH_DIR --generation G --shard K/N WORKER_ARGS...`, with
/// SEARCH_DIR = spec.runDir; its output goes to SEARCH_DIR/slurm/generation-G.shard-K.log.
std::string searchArrayScript(const SlurmJobSpec& spec, int generation,
                              const std::vector<std::string>& workerArgs);

/// `text` quoted for a POSIX shell ('...' with embedded quotes escaped).
std::string shellQuote(const std::string& text);

}  // namespace posescope::cli
