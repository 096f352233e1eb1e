// `slurm`'s options and help (command_declarations.h); cmd_slurm.cpp runs it.

#include "command_declarations.h"
#include "slurm_script.h"

namespace posescope::cli {

CommandSpec slurmCommand() {
  CommandSpec spec{
      "slurm",
      "run eval as a Slurm job array of N shards and a merge job",
      {"--shards N [--partition P] [--time T] [--gpus-per-task G]\n"
       "                           [--cpus-per-task C] [--job-name NAME] [--dry-run] [--resume]\n"
       "                           -- [eval] EVAL_ARGUMENTS...",
       "--shards N [options] -- sweep SWEEP_ARGUMENTS..."},
      "Runs 'posescope-cli eval EVAL_ARGUMENTS' on a Slurm cluster as N shards: writes an sbatch "
      "job\n"
      "array (task K runs eval --shard K/N into RUN_DIR/shards/K) and a merge job that starts "
      "once\n"
      "every task has succeeded (--dependency=afterok) and joins the shards into RUN_DIR with\n"
      "posescope-cli merge; submits both with sbatch and prints the job ids and RUN_DIR.\n"
      "With 'sweep' after '--', task K runs 'sweep SWEEP_ARGUMENTS --shard K/N' (every "
      "checkpoint's\n"
      "shard K) and the merge job joins the shards into the sweep folder (sweep's --out).\n",
      {{"-- [eval] EVAL_ARGUMENTS", "", "eval's arguments (at least --cfg FILE), after '--'"}},
      {{"options",
        {{"--shards", "N", "number of shards (array tasks)"},
         {"--partition", "P", "Slurm partition (default: the cluster's)"},
         {"--time", "T", "time limit of each job, as sbatch --time (e.g. 01:00:00)"},
         {"--gpus-per-task", "G",
          "GPUs per array task; give eval --device cuda (or cuda:0,cuda:1 for one\n"
          "replica per GPU: Slurm numbers a task's GPUs from 0)"},
         {"--cpus-per-task", "C", "CPU cores per task (pair with eval --threads C)"},
         {"--job-name", "NAME", "job name; the merge job adds -merge", SlurmJobSpec{}.jobName},
         {"--dry-run", "",
          "print the two scripts and the sbatch commands; write and submit nothing"},
         {"--resume", "",
          "submit again into a RUN_DIR that an earlier submission started: each\n"
          "task continues its shard (a complete shard does nothing), then the merge"}}}},
      "RUN_DIR is eval's --out (default runs/<cfg name>_<date-time>) and must be new or empty "
      "unless\n"
      "--resume; a task that runs again (Slurm's requeue after a preemption or a node failure,\n"
      "scontrol requeue) continues its shard where it stopped, and an eval's merge run twice\n"
      "leaves the complete run as it is (docs/cluster.md says which sbatch options requeue). The\n"
      "scripts and Slurm's logs go to RUN_DIR/slurm. The jobs start in the current directory, "
      "so\n"
      "relative paths in EVAL_ARGUMENTS work when it is on a shared file system. Other "
      "schedulers: run\n"
      "'eval --shard K/N' yourself and then 'merge' (docs/cluster.md).\n",
  };
  spec.stopsAtDashes = true;
  return spec;
}

}  // namespace posescope::cli
