#include "slurm_script.h"

#include <sstream>

namespace posescope::cli {

namespace {

// The #SBATCH lines both jobs share: where they start, where Slurm writes their output, and the
// resources the user asked for.
void commonDirectives(std::ostringstream& s, const SlurmJobSpec& spec, const std::string& name,
                      const std::string& output, bool gpus) {
  s << "#SBATCH --job-name=" << name << "\n"
    << "#SBATCH --ntasks=1\n"
    << "#SBATCH --chdir=" << spec.workDir << "\n"
    << "#SBATCH --output=" << output << "\n";
  if (!spec.partition.empty()) s << "#SBATCH --partition=" << spec.partition << "\n";
  if (!spec.time.empty()) s << "#SBATCH --time=" << spec.time << "\n";
  if (!spec.cpusPerTask.empty()) s << "#SBATCH --cpus-per-task=" << spec.cpusPerTask << "\n";
  if (gpus && !spec.gpusPerTask.empty())
    s << "#SBATCH --gpus-per-task=" << spec.gpusPerTask << "\n";
}

}  // namespace

std::string shellQuote(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::string shardDir(const SlurmJobSpec& spec, size_t index) {
  return spec.runDir + "/shards/" + std::to_string(index);
}

std::string slurmDir(const SlurmJobSpec& spec) {
  return spec.runDir + "/slurm";
}

std::string evalArrayScript(const SlurmJobSpec& spec) {
  std::ostringstream s;
  s << "#!/bin/bash\n"
    << "# Written by posescope-cli slurm: array task K evaluates shard K of " << spec.shards
    << " into " << spec.runDir << "/shards/K.\n";
  commonDirectives(s, spec, spec.jobName, slurmDir(spec) + "/shard-%a.log", true);
  // A task that runs again (requeued after a preemption or a node failure, scontrol requeue)
  // finds its shard's folder started and continues it: resuming a complete shard does nothing.
  const bool sweep = spec.command == "sweep";
  s << "#SBATCH --array=0-" << spec.shards - 1 << "\n"
    << "set -eu\n"
    << "shard=" << shellQuote(spec.runDir + "/shards/") << "\"${SLURM_ARRAY_TASK_ID}\"\n"
    << "if [ -f \"$shard/" << (sweep ? "sweep.json" : "run.json") << "\" ]; then\n"
    << "  echo \"task ${SLURM_ARRAY_TASK_ID} runs again (restart ${SLURM_RESTART_COUNT:-0}): "
       "resuming $shard\" >&2\n"
    << "  exec " << shellQuote(spec.cli) << " " << spec.command << " --resume \"$shard\"\n"
    << "fi\n"
    << "exec " << shellQuote(spec.cli) << " " << spec.command;
  for (const auto& arg : spec.evalArgs) s << " " << shellQuote(arg);
  s << " --shard \"${SLURM_ARRAY_TASK_ID}/" << spec.shards << "\" --out \"$shard\"\n";
  return s.str();
}

std::string mergeScript(const SlurmJobSpec& spec) {
  std::ostringstream s;
  s << "#!/bin/bash\n"
    << "# Written by posescope-cli slurm: joins the " << spec.shards << " shards into "
    << spec.runDir << " once every array task has succeeded.\n";
  commonDirectives(s, spec, spec.jobName + "-merge", slurmDir(spec) + "/merge.log", false);
  s << "set -eu\n";
  if (spec.command == "eval") {
    // Run again (a requeue), the merge finds its run complete and leaves it as it is.
    const std::string summary = spec.runDir + "/run.json";
    s << "if [ -f " << shellQuote(summary) << " ] && grep -q '^  \"state\": \"complete\"' "
      << shellQuote(summary) << "; then\n"
      << "  echo " << shellQuote("merged already: " + spec.runDir + " is complete") << " >&2\n"
      << "  exit 0\n"
      << "fi\n";
  }
  s << "exec " << shellQuote(spec.cli) << " merge";
  for (size_t k = 0; k < spec.shards; ++k) s << " " << shellQuote(shardDir(spec, k));
  s << " --out " << shellQuote(spec.runDir) << "\n";
  return s.str();
}

std::string searchArrayScript(const SlurmJobSpec& spec, int generation,
                              const std::vector<std::string>& workerArgs) {
  const std::string g = std::to_string(generation);
  std::ostringstream s;
  s << "#!/bin/bash\n"
    << "# Written by posescope-cli search --slurm: array task K evaluates shard K of "
    << spec.shards << " of generation " << g << "'s new candidates in " << spec.runDir << ".\n";
  commonDirectives(s, spec, spec.jobName, slurmDir(spec) + "/generation-" + g + ".shard-%a.log",
                   true);
  s << "#SBATCH --array=0-" << spec.shards - 1 << "\n"
    << "set -eu\n"
    << "exec " << shellQuote(spec.cli) << " search-worker " << shellQuote(spec.runDir)
    << " --generation " << g << " --shard \"${SLURM_ARRAY_TASK_ID}/" << spec.shards << "\"";
  for (const auto& arg : workerArgs) s << " " << shellQuote(arg);
  s << "\n";
  return s.str();
}

}  // namespace posescope::cli
