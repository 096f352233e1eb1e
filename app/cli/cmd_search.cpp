// posescope-cli search: LitePose's architecture search (search.py's regularized evolution) over a
// supernet checkpoint, each candidate extracted, optionally recalibrated and evaluated as valid.py
// evaluates; resumable from its folder, its generations shardable over local processes.

#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <thread>

#include "commands.h"
#include "common/errors.h"
#include "config/search_space.h"
#include "experiment_args.h"
#include "models/model_options.h"
#include "pipeline/shard.h"
#include "sbatch.h"
#include "search/candidate_evaluation.h"
#include "search/search_run.h"
#include "search_workers.h"

namespace posescope::cli {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const char* const kHelpText =
    R"(usage: posescope-cli search --cfg SUPER.yaml --checkpoint SUPERNET.pth --budget-macs M
                            --out SEARCH_DIR [--population 40] [--generations 40] [--seed S]
                            [--calibration N] [--calibration-split SPLIT] [--limit-images K]
                            [--no-latency] [--shards N] [--device D] [--threads N] [--quiet]
                            [--slurm [SLURM OPTIONS]] [KEY VALUE ...]
       posescope-cli search --resume SEARCH_DIR [--shards N] [--device D] [--threads N]
                            [--slurm [SLURM OPTIONS]]

Runs LitePose's architecture search over a pose_supermobilenet checkpoint: search.py's
regularized evolution (population 40, parents 25 %, mutation 50 %, mutate probability 0.1)
in ArchManager's search space, drawn from ports of Python's `random` and NumPy's legacy
`np.random` seeded with S, so the sequence of architectures is the reference's when it is
seeded with the same S (random.seed(S); np.random.seed(S)). The efficiency constraint is
ptflops' multiply-adds in GMac, rounded to 2 decimals, as search.py compares them.

Each new architecture is evaluated once: its pose_mobilenet weights extracted from the
supernet (weight_transfer.py), its BatchNorm statistics re-estimated on N calibration images
when --calibration N is given, its AP measured by an evaluation run on the test set (the first
K images with --limit-images), its forward latency at batch 1 timed on this machine's CPU.
Everything is written to SEARCH_DIR as it comes (search.json, candidates/KEY/{arch.json,
score.json, weights.pth, run/}, generations.jsonl, result.json with the best architecture and
the AP / MACs Pareto front). Running the command again on SEARCH_DIR, or --resume SEARCH_DIR,
continues an interrupted search and ends with the population an uninterrupted one ends with.

  --cfg FILE            the supernet's experiment YAML (MODEL.NAME pose_supermobilenet)
  --checkpoint FILE     the supernet's weights
  --budget-macs M       efficiency budget: a number in GMACs (search.py's unit, e.g. 8), or
                        with a suffix G, M or K (e.g. 1.2G, 800M)
  --out SEARCH_DIR      the search folder (created, or resumed when it holds search.json)
  --population N        population size (default 40)
  --generations N       generations after the random population (default 40)
  --seed S              seed of both generators, 0 <= S < 2^32 (default 0)
  --calibration N       re-estimate BatchNorm statistics on N images before evaluating each
                        candidate (cumulative average, one pass per image, no augmentation;
                        default 0: the supernet's statistics)
  --calibration-split S the dataset split the calibration images come from (default
                        DATASET.TRAIN)
  --limit-images K      evaluate each candidate on the first K test images (default: all)
  --no-latency          do not time the forward
  --shards N            evaluate each generation's new candidates in N local worker processes
                        (with --slurm: N tasks of a Slurm job array)
  --device D            cpu (default) or cuda:N for the evaluation runs
  --threads N           LibTorch threads (default: every core, shared out among shards)
  --quiet               no progress on stderr
  KEY VALUE             config overrides, e.g. DATASET.TEST val2017

On a Slurm cluster (SEARCH_DIR and the inputs on a shared file system), --slurm submits each
generation's new candidates as a job array of --shards N tasks (task K runs search-worker
--shard K/N; script and logs in SEARCH_DIR/slurm) with sbatch --wait, and goes on when every
task has ended; this command keeps the evolution and can itself run in a batch job.
  --partition P         Slurm partition (default: the cluster's)
  --time T              time limit of each array job, as sbatch --time
  --cpus-per-task C     cores per task (the workers' --threads unless --threads is given)
  --gpus-per-task G     GPUs per task (give --device cuda)
  --job-name NAME       job name (default posescope-search)
)";

const char* const kWorkerHelpText =
    R"(usage: posescope-cli search-worker SEARCH_DIR --generation G --shard K/N [--threads N] [--device D]

Evaluates shard K of N of the candidates of generation G that `posescope-cli search --shards N`
left in SEARCH_DIR/pending (every N-th from the K-th), with the settings of SEARCH_DIR/search.json,
storing each score as it comes. The search starts these itself; a cluster job can run them too.
)";

const char* const kCandidateHelpText =
    R"(usage: posescope-cli search-candidate SEARCH_DIR --arch ARCH.json [--device D] [--threads N]

Evaluates one architecture with the settings of the search in SEARCH_DIR (its supernet,
calibration, images) and stores its score there as an architecture edited by hand (generation
-1), next to the ones the evolution drew: the Search page shows it with them. An architecture
scored already is not evaluated again.
)";

CancellationToken gCancel;
void onSigint(int) {
  gCancel.cancel();
}

// "8" (GMACs), "1.2G", "800M", "5e8K"... -> GMACs.
double parseBudget(const std::string& text) {
  double scale = 1.0;
  std::string number = text;
  if (!number.empty()) {
    switch (number.back()) {
      case 'G':
      case 'g':
        number.pop_back();
        break;
      case 'M':
      case 'm':
        scale = 1e-3;
        number.pop_back();
        break;
      case 'K':
      case 'k':
        scale = 1e-6;
        number.pop_back();
        break;
      default:
        break;
    }
  }
  std::size_t used = 0;
  double value = 0;
  try {
    value = std::stod(number, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != number.size() || !(value > 0))
    throw UsageError{
        "--budget-macs must be a positive number of GMACs, optionally with a suffix "
        "G, M or K (e.g. 8 or 800M), got '" +
        text + "'"};
  return value * scale;
}

long nonNegative(const ParsedArgs& args, const std::string& name, long fallback) {
  const long v = args.getInt(name, fallback);
  if (v < 0) throw UsageError{name + " must be 0 or more"};
  return v;
}

// What identifies a search: a resumed search and its workers must use exactly these.
json settingsFromArgs(const ParsedArgs& args) {
  const ExperimentSpec spec = experimentSpecFrom(args);
  if (!spec.archFile.empty())
    throw UsageError{"search draws its own architectures: --superconfig cannot be given"};
  const long seed = args.getInt("--seed", 0);
  if (seed < 0 || seed > 4294967295L) throw UsageError{"--seed must be in 0 .. 2^32 - 1"};
  return {{"cfg", fs::absolute(spec.cfgFile).string()},
          {"overrides", spec.overrides},
          {"checkpoint", fs::absolute(args.require("--checkpoint")).string()},
          {"budget_gmacs", parseBudget(args.require("--budget-macs"))},
          {"population", nonNegative(args, "--population", 40)},
          {"generations", nonNegative(args, "--generations", 40)},
          {"seed", seed},
          {"parent_ratio", 0.25},
          {"mutation_ratio", 0.5},
          {"mutate_probability", 0.1},
          {"calibration_images", nonNegative(args, "--calibration", 0)},
          {"calibration_split", args.get("--calibration-split")},
          {"limit_images", nonNegative(args, "--limit-images", 0)},
          {"measure_latency", !args.has("--no-latency")}};
}

json readSettings(const std::string& searchDir) {
  const std::string path = searchDir + "/search.json";
  std::ifstream in(path);
  if (!in) throw Error(path + ": cannot read (is " + searchDir + " a search folder?)");
  try {
    return json::parse(in);
  } catch (const json::exception& e) {
    throw Error(path + ": not valid JSON (" + e.what() + ")");
  }
}

// The search's pieces, rebuilt from its settings in the search, on resume and in each worker.
struct SearchSetup {
  search::SearchPlan plan;
  std::unique_ptr<ArchManager> space;
  search::CandidateEvaluationSettings evaluation;
};

SearchSetup setupFrom(const json& s, const std::string& source, const ParsedArgs& args) {
  SearchSetup setup;
  try {
    setup.evaluation.supernet.cfgFile = s.at("cfg").get<std::string>();
    setup.evaluation.supernet.overrides = s.at("overrides").get<std::vector<std::string>>();
    setup.evaluation.checkpoint = s.at("checkpoint").get<std::string>();
    setup.evaluation.calibrationImages = s.at("calibration_images").get<std::size_t>();
    setup.evaluation.calibrationSplit = s.at("calibration_split").get<std::string>();
    setup.evaluation.limitImages = s.at("limit_images").get<std::size_t>();
    setup.evaluation.measureLatency = s.at("measure_latency").get<bool>();
    auto& e = setup.plan.evolution;
    e.populationSize = s.at("population").get<int>();
    e.generations = s.at("generations").get<int>();
    e.seed = s.at("seed").get<std::uint32_t>();
    e.efficiencyBudget = s.at("budget_gmacs").get<double>();
    e.parentRatio = s.at("parent_ratio").get<double>();
    e.mutationRatio = s.at("mutation_ratio").get<double>();
    e.mutateProbability = s.at("mutate_probability").get<double>();
  } catch (const json::exception& e) {
    throw Error(source + ": not a search's settings (" + e.what() + ")");
  }
  setup.evaluation.device = args.get("--device", "cpu");
  setup.evaluation.threads = static_cast<int>(nonNegative(args, "--threads", 0));
  const Experiment supernet = loadExperiment(setup.evaluation.supernet);
  printWarnings(supernet);
  setup.space = std::make_unique<ArchManager>(archManagerFromConfig(supernet.cfg));
  setup.plan.network = models::litePoseOptionsFromConfig(supernet.cfg, *supernet.effectiveArch());
  return setup;
}

// An existing search folder given as the one positional argument of `command`, its settings and
// the setup they make (search-worker and search-candidate work on a folder `search` made).
struct ExistingSearch {
  std::string dir;
  json settings;
  SearchSetup setup;
};

ExistingSearch openExistingSearch(const ParsedArgs& args, const std::string& command) {
  if (args.positional.size() != 1) throw UsageError{command + " takes one SEARCH_DIR"};
  ExistingSearch search;
  search.dir = args.positional.front();
  search.settings = readSettings(search.dir);
  search.setup = setupFrom(search.settings, search.dir + "/search.json", args);
  return search;
}

search::MeasureFunction measureWith(search::CandidateEvaluation& evaluation) {
  return [&evaluation](const ArchConfig& arch, const std::string& dir) {
    return evaluation.measure(arch, dir);
  };
}

void printProgress(const search::SearchProgress& p) {
  const double perMinute = p.elapsedSeconds > 0 ? 60.0 * p.newlyEvaluated / p.elapsedSeconds : 0;
  std::cerr << "search: generation " << p.generation << "/" << p.generations << ", best AP "
            << std::fixed << std::setprecision(4) << p.bestAccuracy << ", " << p.evaluated
            << " candidates scored (" << p.newlyEvaluated << " here, " << std::setprecision(1)
            << perMinute << " per minute)\n";
}

}  // namespace

int runSearchCommand(const Args& raw) {
  const ParsedArgs args =
      parseArgs(raw, {"--cfg",         "--superconfig",       "--checkpoint",    "--budget-macs",
                      "--out",         "--population",        "--generations",   "--seed",
                      "--calibration", "--calibration-split", "--limit-images",  "--shards",
                      "--device",      "--threads",           "--resume",        "--partition",
                      "--time",        "--cpus-per-task",     "--gpus-per-task", "--job-name"},
                {"--no-latency", "--quiet", "--slurm"});
  if (args.has("--help")) {
    std::cout << kHelpText;
    return kOk;
  }
  std::string dir;
  json settings;
  if (args.has("--resume")) {
    for (const char* name :
         {"--cfg", "--checkpoint", "--budget-macs", "--out", "--population", "--generations",
          "--seed", "--calibration", "--calibration-split", "--limit-images", "--no-latency"})
      if (args.has(name))
        throw UsageError{std::string("--resume continues a search with its own settings: ") + name +
                         " cannot be given with it"};
    dir = args.get("--resume");
    settings = readSettings(dir);
  } else {
    dir = args.require("--out");
    settings = settingsFromArgs(args);
  }
  const long shards = args.getInt("--shards", 1);
  if (shards < 1) throw UsageError{"--shards must be 1 or more"};
  SearchSetup setup = setupFrom(settings, dir + "/search.json", args);
  setup.plan.shards = static_cast<int>(shards);
  search::checkEvolutionSettings(setup.plan.evolution);

  search::SearchFolder folder(dir, settings);
  if (!folder.candidates().empty() && !args.has("--quiet"))
    std::cerr << "search: resuming " << dir << ": " << folder.candidates().size()
              << " candidates already scored\n";
  const bool slurm = args.has("--slurm");
  for (const char* name :
       {"--partition", "--time", "--cpus-per-task", "--gpus-per-task", "--job-name"})
    if (args.has(name) && !slurm) throw UsageError{std::string(name) + " needs --slurm"};
  // Workers evaluate when there are shards or Slurm jobs; otherwise this process does.
  const bool inProcess = shards == 1 && !slurm;
  std::unique_ptr<search::CandidateEvaluation> evaluation;
  if (inProcess) evaluation = std::make_unique<search::CandidateEvaluation>(setup.evaluation);
  const search::MeasureFunction measure =
      evaluation ? measureWith(*evaluation) : search::MeasureFunction{};
  search::ShardLauncher launch;
  if (slurm) {
    SlurmJobSpec spec;
    spec.cli = selfExecutable();
    spec.runDir = fs::absolute(dir).lexically_normal().string();
    spec.workDir = fs::current_path().string();
    spec.shards = static_cast<std::size_t>(shards);
    spec.jobName = args.get("--job-name", "posescope-search");
    spec.partition = args.get("--partition");
    spec.time = args.get("--time");
    spec.cpusPerTask = args.get("--cpus-per-task");
    spec.gpusPerTask = args.get("--gpus-per-task");
    for (const std::string* path : {&spec.runDir, &spec.workDir})
      if (path->find_first_of(" \t\n") != std::string::npos)
        throw Error("'" + *path + "' holds a space, which sbatch's #SBATCH lines cannot carry");
    std::vector<std::string> workerArgs = {"--device", setup.evaluation.device};
    const std::string threads =
        setup.evaluation.threads > 0 ? std::to_string(setup.evaluation.threads) : spec.cpusPerTask;
    if (!threads.empty()) workerArgs.insert(workerArgs.end(), {"--threads", threads});
    launch = [spec, workerArgs](int generation, int) {
      runSlurmShardWorkers(spec, generation, workerArgs);
    };
  } else if (!inProcess) {
    const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
    const int threadsPerWorker = setup.evaluation.threads > 0
                                     ? setup.evaluation.threads
                                     : std::max(1, cores / static_cast<int>(shards));
    launch = [&](int generation, int n) {
      runShardWorkers("/proc/self/exe", fs::absolute(dir).string(), generation, n, threadsPerWorker,
                      setup.evaluation.device);
    };
  }
  std::signal(SIGINT, onSigint);
  const bool quiet = args.has("--quiet");
  const search::EvolutionResult result =
      search::runSearch(folder, *setup.space, setup.plan, measure, launch,
                        quiet ? search::ProgressFunction{} : printProgress, &gCancel);
  std::signal(SIGINT, SIG_DFL);
  if (result.cancelled) {
    std::cerr << "search: cancelled; run it again on " << dir << " to continue\n";
    return kFailed;
  }
  std::cout << "best (search.py's pick): AP " << result.best.accuracy << " at "
            << result.best.efficiency << " GMACs, arch " << dir << "/candidates/"
            << search::candidateKey(result.best.arch) << "/arch.json\n"
            << folder.candidates().size() << " candidates evaluated; result.json holds the "
            << "final population and the AP / MACs Pareto front\n";
  return kOk;
}

int runSearchCandidate(const Args& raw) {
  const ParsedArgs args = parseArgs(raw, {"--arch", "--threads", "--device"}, {});
  if (args.has("--help")) {
    std::cout << kCandidateHelpText;
    return kOk;
  }
  auto [dir, settings, setup] = openExistingSearch(args, "search-candidate");
  const ArchConfig arch = loadArchJson(args.require("--arch"));
  search::SearchFolder folder(dir, settings);
  const std::string key = search::candidateKey(arch);
  std::optional<search::CandidateScore> score = folder.cached(key);
  if (!score) {
    search::CandidateEvaluation evaluation(setup.evaluation);
    score = search::evaluateCandidate(folder, setup.plan, arch, -1, measureWith(evaluation));
  }
  std::cout << "candidate " << key << ": AP " << score->accuracy << ", " << score->cost.gmacs()
            << " GMACs, " << score->cost.parameters << " parameters";
  if (score->latencyMs >= 0) std::cout << ", " << score->latencyMs << " ms";
  std::cout << "\n";
  return kOk;
}

int runSearchWorker(const Args& raw) {
  const ParsedArgs args = parseArgs(raw, {"--generation", "--shard", "--threads", "--device"}, {});
  if (args.has("--help")) {
    std::cout << kWorkerHelpText;
    return kOk;
  }
  auto [dir, settings, setup] = openExistingSearch(args, "search-worker");
  const ShardSpec shard = parseShardSpec(args.require("--shard"));
  const long generation = args.getInt("--generation", -1);
  if (generation < 0) throw UsageError{"search-worker needs --generation G (0 or more)"};
  search::SearchFolder folder(dir, settings);
  search::CandidateEvaluation evaluation(setup.evaluation);
  search::evaluateShard(folder, setup.plan, static_cast<int>(generation),
                        static_cast<int>(shard.index), static_cast<int>(shard.count),
                        measureWith(evaluation));
  return kOk;
}

}  // namespace posescope::cli
