// posescope-cli sweep: every checkpoint of a training evaluated as `eval` would, one run folder
// each under the sweep folder, each image decoded once for all of them (within a memory bound),
// then a table of AP with its bootstrap interval per checkpoint and the best against the second.

#include <algorithm>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <memory>
#include <regex>

#include "checkpoint/checkpoint_weights.h"
#include "commands.h"
#include "common/errors.h"
#include "common/strings.h"
#include "data/decoded_image_cache.h"
#include "eval_session.h"
#include "experiment_args.h"
#include "pipeline/atomic_file.h"
#include "pipeline/evaluator.h"
#include "pipeline/run_inputs.h"
#include "pipeline/run_resume.h"
#include "pipeline/sweep_checkpoints.h"
#include "report/sweep_scores.h"

namespace posescope::cli {

namespace {

namespace fs = std::filesystem;

// --checkpoints takes every word after it up to the next option or config KEY (TEST.FLIP_TEST):
// the words after its first are left positional by the parser; they are taken back from there.
std::vector<std::string> checkpointsAndOverrides(const ParsedArgs& args,
                                                 std::vector<std::string>& overrides) {
  static const std::regex configKey("[A-Z][A-Z0-9_]*(\\.[A-Z0-9_]+)+");
  std::vector<std::string> checkpoints = args.getAll("--checkpoints");
  std::vector<std::string> taken;
  for (size_t i = 0; i < args.raw.size(); ++i) {
    if (args.raw[i] != "--checkpoints") continue;
    for (size_t j = i + 2; j < args.raw.size(); ++j) {
      const std::string& word = args.raw[j];
      if (word.rfind("--", 0) == 0 || std::regex_match(word, configKey)) break;
      taken.push_back(word);
    }
  }
  overrides = args.positional;
  for (const std::string& word : taken) {
    const auto it = std::find(overrides.begin(), overrides.end(), word);
    if (it != overrides.end()) overrides.erase(it);
    checkpoints.push_back(word);
  }
  return checkpoints;
}

std::string absolutePath(const std::string& path) {
  return fs::absolute(path).lexically_normal().string();
}

// The checkpoints of a new sweep, each with its run folder name and the epoch it records, in
// epoch order. A file that cannot be read gets no epoch here; its evaluation says why it fails.
std::vector<SweepCheckpoint> plannedCheckpoints(const std::vector<std::string>& files) {
  std::vector<SweepCheckpoint> planned;
  const std::vector<std::string> names = sweepRunNames(files);
  for (size_t i = 0; i < files.size(); ++i) {
    SweepCheckpoint c;
    c.checkpoint = absolutePath(files[i]);
    c.runDir = names[i];
    c.state = "pending";
    try {
      c.epoch = readCheckpointWeights(c.checkpoint).epoch;
    } catch (const Error&) {
    }
    planned.push_back(std::move(c));
  }
  sortByEpoch(planned);
  return planned;
}

void writeSweepSummary(const std::string& dir, const SweepSummary& summary) {
  writeFileAtomically((fs::path(dir) / sweepfiles::kSummary).string(),
                      sweepSummaryToJsonText(summary));
}

// A new sweep folder: sweep.json, and the experiment that --resume starts later checkpoints from.
void startSweepFolder(const std::string& dir, const Experiment& experiment,
                      const SweepSummary& summary) {
  std::error_code ec;
  if (fs::exists(fs::path(dir) / sweepfiles::kSummary))
    throw Error("'" + dir + "' holds a sweep already: continue it with sweep --resume " + dir);
  if (fs::exists(dir) && !fs::is_empty(dir, ec))
    throw Error("sweep folder '" + dir + "' is not empty: give a new --out");
  fs::create_directories(dir, ec);
  if (ec) throw Error("cannot create sweep folder '" + dir + "': " + ec.message());
  writeFileAtomically((fs::path(dir) / sweepfiles::kConfig).string(),
                      dumpConfigYaml(withAbsoluteInputPaths(experiment.cfg)));
  if (const auto arch = experiment.effectiveArch())
    writeFileAtomically((fs::path(dir) / sweepfiles::kArch).string(), archToJsonText(*arch));
  writeSweepSummary(dir, summary);
}

// The experiment of a sweep folder, as planResume rebuilds a run's.
Experiment sweepExperiment(const std::string& dir) {
  ExperimentSpec spec;
  spec.cfgFile = (fs::path(dir) / sweepfiles::kConfig).string();
  if (!fs::exists(spec.cfgFile))
    throw Error("'" + dir + "' is not a sweep folder (no " + sweepfiles::kConfig + ")");
  const fs::path arch = fs::path(dir) / sweepfiles::kArch;
  if (fs::exists(arch)) spec.archFile = arch.string();
  spec.updateConfigApplied = true;  // config.yaml is the merged config
  return loadExperiment(spec);
}

std::string oneLine(const std::string& text) {
  std::string line;
  for (char c : text) line += c == '\n' ? ' ' : c;
  return line;
}

// What to do with one checkpoint: its run folder is new, complete, or to be continued.
struct CheckpointRun {
  Experiment experiment;
  EvaluatorOptions options;
  bool complete = false;
};

CheckpointRun prepareCheckpointRun(const Experiment& sweep, const SweepSummary& summary,
                                   const SweepCheckpoint& c, const std::string& runDir) {
  CheckpointRun run;
  if (fs::exists(fs::path(runDir) / runfiles::kSummary)) {
    const RunState state = loadRunFolder(runDir).summary.state;
    if (state == RunState::Complete) {
      run.complete = true;
      return run;
    }
    ResumePlan plan = planResume(runDir);  // refuses a folder another process is writing
    for (const auto& note : plan.notes) std::cerr << "note: " << note << "\n";
    run.experiment = plan.experiment;
    run.options = resumeOptions(runDir, plan);
    return run;
  }
  run.experiment = sweep;
  ConfigValue modelFile;
  modelFile.data = c.checkpoint;
  run.experiment.cfg.set("TEST.MODEL_FILE", modelFile);
  run.options.outDir = runDir;
  run.options.limit = summary.limit;
  if (!summary.shard.empty()) run.options.shard = parseShardSpec(summary.shard);
  return run;
}

}  // namespace

int runSweep(const ParsedArgs& args) {
  const bool resume = args.has("--resume");
  SweepSummary summary;
  std::string dir;
  Experiment experiment;
  if (resume) {
    checkResumeArgs(args, {"--cfg", "--superconfig", "--checkpoints", "--checkpoint-dir", "--out",
                           "--limit", "--shard"});
    dir = args.get("--resume");
    const std::string file = (fs::path(dir) / sweepfiles::kSummary).string();
    if (!fs::exists(file)) throw Error("'" + dir + "' is not a sweep folder (no sweep.json)");
    summary = sweepSummaryFromJsonText(readTextFile(file), file);
    experiment = sweepExperiment(dir);
  } else {
    std::vector<std::string> overrides;
    std::vector<std::string> files = checkpointsAndOverrides(args, overrides);
    if (args.has("--checkpoint-dir")) {
      if (!files.empty()) throw UsageError{"give --checkpoints or --checkpoint-dir, not both"};
      files = trainingCheckpointFiles(args.get("--checkpoint-dir"));
    }
    if (files.empty())
      throw UsageError{"give the checkpoints: --checkpoints CK... or --checkpoint-dir DIR"};
    ExperimentSpec spec = experimentSpecFrom(args);
    spec.overrides = overrides;
    experiment = loadExperiment(spec);
    dir = args.require("--out");
    const long limit = args.getInt("--limit", 0);
    if (limit < 0) throw UsageError{"--limit must be 0 or more"};
    summary.limit = static_cast<size_t>(limit);
    if (args.has("--shard")) summary.shard = shardSpecText(parseShardSpec(args.get("--shard")));
    summary.checkpoints = plannedCheckpoints(files);
    startSweepFolder(dir, experiment, summary);
  }
  printWarnings(experiment);
  const long cacheMb = args.getInt("--image-cache-mb");
  const long resamples = args.getInt("--resamples");
  if (cacheMb < 0) throw UsageError{"--image-cache-mb must be 0 or more"};
  if (resamples < 1 || resamples > 1000000) throw UsageError{"--resamples must be 1 to 1000000"};
  auto cache = cacheMb > 0 ? std::make_shared<DecodedImageCache>(size_t(cacheMb) << 20) : nullptr;

  const bool quiet = args.has("--quiet");
  ProgressPrinter progress(quiet, "sweep");
  CancellationToken cancel;
  for (size_t i = 0; i < summary.checkpoints.size() && !cancel.isCancelled(); ++i) {
    SweepCheckpoint& c = summary.checkpoints[i];
    const std::string runDir = (fs::path(dir) / c.runDir).string();
    if (!quiet)
      std::cerr << "checkpoint " << i + 1 << "/" << summary.checkpoints.size() << ": "
                << c.checkpoint << " -> " << runDir << "\n";
    try {
      CheckpointRun run = prepareCheckpointRun(experiment, summary, c, runDir);
      if (run.complete) {
        if (!quiet) std::cerr << "complete already\n";
        continue;
      }
      applyRunOptions(args, run.options);
      run.options.validate();
      c.state = "running";
      c.problem.clear();
      writeSweepSummary(dir, summary);
      Evaluator evaluator(run.experiment, run.options);
      evaluator.shareImageCache(cache);
      const EvaluationResult result = runCancellableOnSigint(evaluator, progress, cancel);
      c.state = runStateName(result.summary.state);
      c.epoch = result.summary.checkpointEpoch;
    } catch (const Error& e) {
      c.state = "failed";
      c.problem = oneLine(e.what());
      std::cerr << "failed: " << c.problem << "\n";
    }
    writeSweepSummary(dir, summary);
  }
  if (cache && !quiet)
    std::cerr << "image cache: " << std::fixed << std::setprecision(1)
              << cache->bytesUsed() / double(1 << 20) << " of " << cacheMb << " MiB used, "
              << cache->hits() << " decodes saved, " << cache->refused()
              << " image(s) beyond the bound decoded each time\n";

  BootstrapOptions bootstrap;
  bootstrap.resamples = static_cast<int>(resamples);
  scoreSweep(summary, dir, bootstrap);
  writeSweepSummary(dir, summary);
  std::cerr << "sweep folder: " << dir << "\n";
  std::cout << sweepTable(summary);
  if (cancel.isCancelled()) {
    std::cerr << "cancelled; continue with posescope-cli sweep --resume " << dir << "\n";
    return kFailed;
  }
  if (!summary.shard.empty())
    std::cerr << "shard " << summary.shard
              << " complete; posescope-cli merge joins the shards' sweep folders\n";
  const bool someFailed = std::any_of(summary.checkpoints.begin(), summary.checkpoints.end(),
                                      [](const SweepCheckpoint& c) { return c.state == "failed"; });
  return someFailed ? kBadInput : kOk;
}

}  // namespace posescope::cli
