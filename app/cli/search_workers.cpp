#include "search_workers.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <vector>

#include "common/errors.h"
#include "sbatch.h"

namespace posescope::cli {

void runShardWorkers(const std::string& program, const std::string& searchDir, int generation,
                     int shards, int threadsPerWorker, const std::string& device) {
  struct Worker {
    pid_t pid = -1;
    std::string log;
  };
  std::vector<Worker> workers;
  std::string failures;
  for (int k = 0; k < shards; ++k) {
    std::vector<std::string> args = {program,
                                     "search-worker",
                                     searchDir,
                                     "--generation",
                                     std::to_string(generation),
                                     "--shard",
                                     std::to_string(k) + "/" + std::to_string(shards),
                                     "--threads",
                                     std::to_string(threadsPerWorker),
                                     "--device",
                                     device};
    std::vector<char*> argv;
    argv.reserve(args.size() + 1);
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    Worker w;
    w.log = searchDir + "/pending/generation-" + std::to_string(generation) + ".shard-" +
            std::to_string(k) + ".log";
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, w.log.c_str(),
                                     O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
    const int spawned =
        posix_spawn(&w.pid, program.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0)
      failures += "\n  shard " + std::to_string(k) + ": cannot start " + program + ": " +
                  std::strerror(spawned);
    else
      workers.push_back(w);
  }
  // Wait for every started worker, even after a failure: none is left running unseen.
  for (const Worker& w : workers) {
    int status = 0;
    while (waitpid(w.pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
      failures += "\n  a worker failed; its output is in " + w.log;
  }
  if (!failures.empty())
    throw Error("generation " + std::to_string(generation) + " of the search in " + searchDir +
                ":" + failures);
}

void runSlurmShardWorkers(const SlurmJobSpec& spec, int generation,
                          const std::vector<std::string>& workerArgs) {
  const std::filesystem::path scripts = slurmDir(spec);
  std::error_code ec;
  std::filesystem::create_directories(scripts, ec);
  if (ec) throw Error("cannot create '" + scripts.string() + "': " + ec.message());
  const std::string g = std::to_string(generation);
  const std::string script = (scripts / ("generation-" + g + ".sbatch")).string();
  writeBatchScript(script, searchArrayScript(spec, generation, workerArgs));
  // --wait: sbatch returns when the whole array has ended, with its highest exit status.
  const SbatchOutcome job = runSbatch({"--wait", script});
  if (job.exitCode != 0)
    throw Error("generation " + g + " of the search in " + spec.runDir + ": Slurm job " +
                job.jobId + " failed (sbatch --wait exit " + std::to_string(job.exitCode) +
                "); the tasks' output is in " + scripts.string() + "/generation-" + g +
                ".shard-*.log");
}

}  // namespace posescope::cli
