// The options and help of `search`, `search-candidate` and `search-worker`
// (command_declarations.h); cmd_search.cpp runs them.

#include <string>

#include "command_declarations.h"
#include "search/evolution.h"

namespace posescope::cli {

namespace {

// Options `search` shares with the workers it starts.
OptionSpec searchDevice() {
  return {"--device", "D", "cpu (default) or cuda:N for the evaluation runs"};
}

}  // namespace

CommandSpec searchCommand() {
  return {
      "search",
      "search a supernet's sub-networks for the best AP under a MACs budget",
      {"--cfg SUPER.yaml --checkpoint SUPERNET.pth --budget-macs M\n"
       "                            --out SEARCH_DIR [--population 40] [--generations 40] [--seed "
       "S]\n"
       "                            [--calibration N] [--calibration-split SPLIT] "
       "[--limit-images K]\n"
       "                            [--no-latency] [--shards N] [--device D] [--threads N] "
       "[--quiet]\n"
       "                            [--slurm [SLURM OPTIONS]] [KEY VALUE ...]",
       "--resume SEARCH_DIR [--shards N] [--device D] [--threads N]\n"
       "                            [--slurm [SLURM OPTIONS]]"},
      "Runs LitePose's architecture search over a pose_supermobilenet checkpoint: search.py's\n"
      "regularized evolution (population 40, parents 25 %, mutation 50 %, mutate probability "
      "0.1)\n"
      "in ArchManager's search space, drawn from ports of Python's `random` and NumPy's legacy\n"
      "`np.random` seeded with S, so the sequence of architectures is the reference's when it is\n"
      "seeded with the same S (random.seed(S); np.random.seed(S)). The efficiency constraint is\n"
      "ptflops' multiply-adds in GMac, rounded to 2 decimals, as search.py compares them.\n"
      "\n"
      "Each new architecture is evaluated once: its pose_mobilenet weights extracted from the\n"
      "supernet (weight_transfer.py), its BatchNorm statistics re-estimated on N calibration "
      "images\n"
      "when --calibration N is given, its AP measured by an evaluation run on the test set (the "
      "first\n"
      "K images with --limit-images), its forward latency at batch 1 timed on this machine's "
      "CPU.\n"
      "Everything is written to SEARCH_DIR as it comes (search.json, candidates/KEY/{arch.json,\n"
      "score.json, weights.pth, run/}, generations.jsonl, result.json with the best architecture "
      "and\n"
      "the AP / MACs Pareto front). Running the command again on SEARCH_DIR, or --resume "
      "SEARCH_DIR,\n"
      "continues an interrupted search and ends with the population an uninterrupted one ends "
      "with.\n",
      {{"KEY VALUE", "", "config overrides, e.g. DATASET.TEST val2017"}},
      {{"options",
        {{"--cfg", "FILE", "the supernet's experiment YAML (MODEL.NAME pose_supermobilenet)"},
         {"--superconfig", "ARCH", "refused: the search draws its own architectures"},
         {"--checkpoint", "FILE", "the supernet's weights"},
         {"--budget-macs", "M",
          "efficiency budget: a number in GMACs (search.py's unit, e.g. 8), or\n"
          "with a suffix G, M or K (e.g. 1.2G, 800M)"},
         {"--out", "SEARCH_DIR",
          "the search folder (created, or resumed when it holds search.json)"},
         {"--resume", "SEARCH_DIR", "continue the search in SEARCH_DIR with its own settings"},
         {"--population", "N", "population size",
          std::to_string(search::EvolutionSettings{}.populationSize)},
         {"--generations", "N", "generations after the random population",
          std::to_string(search::EvolutionSettings{}.generations)},
         {"--seed", "S", "seed of both generators, 0 <= S < 2^32",
          std::to_string(search::EvolutionSettings{}.seed)},
         {"--calibration", "N",
          "re-estimate BatchNorm statistics on N images before evaluating each\n"
          "candidate (cumulative average, one pass per image, no augmentation;\n"
          "0: the supernet's statistics)",
          "0"},
         {"--calibration-split", "S",
          "the dataset split the calibration images come from (default\nDATASET.TRAIN)"},
         {"--limit-images", "K",
          "evaluate each candidate on the first K test images (default: all)"},
         {"--no-latency", "", "do not time the forward"},
         {"--shards", "N",
          "evaluate each generation's new candidates in N local worker processes\n"
          "(with --slurm: N tasks of a Slurm job array)"},
         searchDevice(),
         {"--threads", "N", "LibTorch threads (default: every core, shared out among shards)"},
         {"--quiet", "", "no progress on stderr"}}},
       {"on a Slurm cluster",
        {{"--slurm", "",
          "submit each generation's new candidates as a job array of --shards N\n"
          "tasks (task K runs search-worker --shard K/N; script and logs in\n"
          "SEARCH_DIR/slurm) with sbatch --wait, and go on when every task has\n"
          "ended; this command keeps the evolution and can itself run in a batch\n"
          "job. SEARCH_DIR and the inputs must be on a shared file system."},
         {"--partition", "P", "Slurm partition (default: the cluster's)"},
         {"--time", "T", "time limit of each array job, as sbatch --time"},
         {"--cpus-per-task", "C",
          "cores per task (the workers' --threads unless --threads is given)"},
         {"--gpus-per-task", "G", "GPUs per task (give --device cuda)"},
         {"--job-name", "NAME", "job name", "posescope-search"}}}},
      "",
  };
}

CommandSpec searchCandidateCommand() {
  return {
      "search-candidate",
      "evaluate one architecture with a search's settings, into its folder",
      {"SEARCH_DIR --arch ARCH.json [--device D] [--threads N]"},
      "Evaluates one architecture with the settings of the search in SEARCH_DIR (its supernet,\n"
      "calibration, images) and stores its score there as an architecture edited by hand "
      "(generation\n"
      "-1), next to the ones the evolution drew: the Search page shows it with them. An "
      "architecture\n"
      "scored already is not evaluated again.\n",
      {{"SEARCH_DIR", "", "a search folder written by posescope-cli search"}},
      {{"options",
        {{"--arch", "FILE", "the architecture's JSON (required)"},
         searchDevice(),
         {"--threads", "N", "LibTorch threads (default: every core)"}}}},
      "",
  };
}

CommandSpec searchWorkerCommand() {
  return {
      "search-worker",
      "evaluate one shard of a search generation (started by search --shards)",
      {"SEARCH_DIR --generation G --shard K/N [--threads N] [--device D]"},
      "Evaluates shard K of N of the candidates of generation G that `posescope-cli search "
      "--shards N`\n"
      "left in SEARCH_DIR/pending (every N-th from the K-th), with the settings of "
      "SEARCH_DIR/search.json,\n"
      "storing each score as it comes. The search starts these itself; a cluster job can run them "
      "too.\n",
      {{"SEARCH_DIR", "", "a search folder written by posescope-cli search"}},
      {{"options",
        {{"--generation", "G", "the generation whose candidates are evaluated (required)"},
         {"--shard", "K/N", "evaluate every N-th pending candidate from the K-th (required)"},
         {"--threads", "N", "LibTorch threads (default: every core)"},
         searchDevice()}}},
      "",
  };
}

}  // namespace posescope::cli
