// posescope-cli slurm: one evaluation (or checkpoint sweep) as a Slurm job array of N shards
// (eval --shard K/N, sweep --shard K/N) and a merge job that depends on it, submitted with sbatch.
// Writes scripts and runs sbatch only, so it lives in the front end without LibTorch.

#include <filesystem>
#include <iostream>

#include "cli_args.h"
#include "commands.h"
#include "common/errors.h"
#include "experiment_args.h"
#include "sbatch.h"
#include "slurm_script.h"

namespace posescope::cli {

namespace fs = std::filesystem;

int runSlurm(const ParsedArgs& args) {
  // Everything after "--" is eval's (or sweep's); the options before it are this command's.
  std::vector<std::string> evalArgs = args.afterDashes;
  std::string command = "eval";
  if (!evalArgs.empty() && (evalArgs.front() == "eval" || evalArgs.front() == "sweep")) {
    command = evalArgs.front();
    evalArgs.erase(evalArgs.begin());
  }
  if (!args.positional.empty())
    throw UsageError{"unexpected '" + args.positional.front() +
                     "': eval's arguments go after '--'"};
  const long shards = args.getInt("--shards", 0);
  if (shards < 1 || shards > 100000) throw UsageError{"--shards must be 1 to 100000"};
  if (evalArgs.empty()) throw UsageError{"give eval's arguments after '--' (at least --cfg FILE)"};

  // --out and --cfg from eval's arguments; --shard is this command's to set.
  std::string runDir, cfgFile;
  std::vector<std::string> kept;
  for (size_t i = 0; i < evalArgs.size(); ++i) {
    const std::string& a = evalArgs[i];
    if (a == "--shard" || a == "--help")
      throw UsageError{"eval's " + a + " cannot be given to slurm (it sets --shard per task)"};
    if ((a == "--out" || a == "--cfg") && i + 1 >= evalArgs.size())
      throw UsageError{"eval's " + a + " needs a value"};
    if (a == "--out") {
      runDir = evalArgs[++i];
      continue;
    }
    if (a == "--cfg") cfgFile = evalArgs[i + 1];
    kept.push_back(a);
  }
  if (cfgFile.empty()) throw UsageError{command + "'s arguments need --cfg FILE"};
  if (runDir.empty() && command == "sweep") throw UsageError{"sweep's arguments need --out DIR"};
  if (runDir.empty()) runDir = defaultRunDir(cfgFile);

  SlurmJobSpec spec;
  spec.cli = selfExecutable();
  spec.command = command;
  spec.evalArgs = kept;
  spec.workDir = fs::current_path().string();
  spec.runDir = fs::absolute(runDir).lexically_normal().string();
  while (spec.runDir.size() > 1 && spec.runDir.back() == '/') spec.runDir.pop_back();
  spec.shards = static_cast<size_t>(shards);
  spec.jobName = args.get("--job-name");
  spec.partition = args.get("--partition");
  spec.time = args.get("--time");
  spec.gpusPerTask = args.get("--gpus-per-task");
  spec.cpusPerTask = args.get("--cpus-per-task");
  for (const std::string* path : {&spec.runDir, &spec.workDir})
    if (path->find_first_of(" \t\n") != std::string::npos)
      throw Error("'" + *path + "' holds a space, which sbatch's #SBATCH lines cannot carry");
  const std::string arrayScript = evalArrayScript(spec);
  const std::string joinScript = mergeScript(spec);
  const fs::path scripts = slurmDir(spec);
  const std::string arrayFile = (scripts / "eval.sbatch").string();
  const std::string mergeFile = (scripts / "merge.sbatch").string();

  if (args.has("--dry-run")) {
    std::cout << "# " << arrayFile << "\n"
              << arrayScript << "\n# " << mergeFile << "\n"
              << joinScript << "\n# submitted as\nsbatch --parsable " << arrayFile
              << "\nsbatch --parsable --dependency=afterok:<array job id> " << mergeFile
              << "\n# run folder: " << spec.runDir << "\n";
    return kOk;
  }

  std::error_code ec;
  const bool started = fs::exists(fs::path(spec.runDir) / "shards", ec);
  if (args.has("--resume") && !started)
    throw Error("'" + spec.runDir + "' holds no sharded run to resume (no shards folder)");
  if (!args.has("--resume") && fs::exists(spec.runDir) && !fs::is_empty(spec.runDir, ec))
    throw Error("'" + spec.runDir +
                "' is not empty: give eval a new --out for this run, or --resume to continue "
                "the sharded run there");
  fs::create_directories(scripts, ec);
  fs::create_directories(fs::path(spec.runDir) / "shards", ec);
  if (ec) throw Error("cannot create '" + scripts.string() + "': " + ec.message());
  writeBatchScript(arrayFile, arrayScript);
  writeBatchScript(mergeFile, joinScript);

  const std::string arrayJob = submitBatch({arrayFile});
  const std::string mergeJob = submitBatch({"--dependency=afterok:" + arrayJob, mergeFile});
  std::cout << command << " job: " << arrayJob << " (array 0-" << shards - 1 << ")\n"
            << "merge job: " << mergeJob << " (after every task of " << arrayJob << " succeeds)\n"
            << "run folder: " << spec.runDir << "\n";
  std::cerr << "scripts and Slurm logs in " << scripts.string() << "; watch with squeue -j "
            << arrayJob << "," << mergeJob << "\n";
  return kOk;
}

}  // namespace posescope::cli
