#pragma once
// Handing batch scripts to Slurm: the path of this executable for the jobs to run, the script
// files, and sbatch itself. Shared by `posescope-cli slurm` and `search --slurm`.

#include <filesystem>
#include <string>
#include <vector>

namespace posescope::cli {

/// This executable's absolute path (/proc/self/exe), for the jobs to run the same posescope-cli.
std::string selfExecutable();

/// Writes a batch script; throws Error naming the file when it cannot.
void writeBatchScript(const std::filesystem::path& path, const std::string& text);

/// What sbatch did: the job id it printed (--parsable) and its exit status. With --wait, sbatch
/// returns when the job has ended, with the highest exit status of its tasks.
struct SbatchOutcome {
  std::string jobId;
  int exitCode = -1;  // -1 when sbatch did not exit normally
};

/// Runs `sbatch --parsable ARGS...`; sbatch's messages go to this process's stderr. Throws Error
/// when sbatch cannot be run, or when it printed no job id (it refused the job).
SbatchOutcome runSbatch(const std::vector<std::string>& args);

/// runSbatch for a job that must be accepted: returns its id; throws Error when sbatch exits
/// with an error.
std::string submitBatch(const std::vector<std::string>& args);

}  // namespace posescope::cli
