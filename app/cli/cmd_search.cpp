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

long nonNegative(const std::string& name, long v) {
  if (v < 0) throw UsageError{name + " must be 0 or more"};
  return v;
}

// An option that declares its default, and one whose absence (0) means a behaviour.
long nonNegative(const ParsedArgs& args, const std::string& name) {
  return nonNegative(name, args.getInt(name));
}

long nonNegative(const ParsedArgs& args, const std::string& name, long absent) {
  return nonNegative(name, args.getInt(name, absent));
}

// What identifies a search: a resumed search and its workers must use exactly these.
json settingsFromArgs(const ParsedArgs& args) {
  const ExperimentSpec spec = experimentSpecFrom(args);
  if (!spec.archFile.empty())
    throw UsageError{"search draws its own architectures: --superconfig cannot be given"};
  const long seed = args.getInt("--seed");
  if (seed < 0 || seed > 4294967295L) throw UsageError{"--seed must be in 0 .. 2^32 - 1"};
  return {{"cfg", fs::absolute(spec.cfgFile).string()},
          {"overrides", spec.overrides},
          {"checkpoint", fs::absolute(args.require("--checkpoint")).string()},
          {"budget_gmacs", parseBudget(args.require("--budget-macs"))},
          {"population", nonNegative(args, "--population")},
          {"generations", nonNegative(args, "--generations")},
          {"seed", seed},
          {"parent_ratio", 0.25},
          {"mutation_ratio", 0.5},
          {"mutate_probability", 0.1},
          {"calibration_images", nonNegative(args, "--calibration")},
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

int runSearchCommand(const ParsedArgs& args) {
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
    spec.jobName = args.get("--job-name");
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
    // By value: runSearch calls it after this block's locals are gone (ASan's
    // stack-use-after-scope, scripts/sanitize-network).
    launch = [searchDir = fs::absolute(dir).string(), threadsPerWorker,
              device = setup.evaluation.device](int generation, int n) {
      runShardWorkers("/proc/self/exe", searchDir, generation, n, threadsPerWorker, device);
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

int runSearchCandidate(const ParsedArgs& args) {
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

int runSearchWorker(const ParsedArgs& args) {
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
