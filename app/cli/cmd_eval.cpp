// posescope-cli eval: valid.py's evaluation, writing a run folder and printing the metric table.

#include <iostream>

#include "commands.h"
#include "common/errors.h"
#include "eval_session.h"
#include "experiment_args.h"
#include "pipeline/evaluator.h"
#include "pipeline/run_replacement.h"
#include "pipeline/run_resume.h"

namespace posescope::cli {

int runEval(const ParsedArgs& args) {
  std::optional<ResumePlan> resume;
  if (args.has("--resume")) {
    checkResumeArgs(args, {"--cfg", "--superconfig", "--out", "--limit", "--shard", "--overwrite"});
    // A job script that always resumes (the way to survive preemption) may meet its run done.
    const std::string dir = args.get("--resume");
    if (runIsComplete(dir)) {
      std::cerr << "run folder '" << dir << "' is complete already: nothing to resume\n";
      return kOk;
    }
    resume = planResume(dir);
    for (const auto& note : resume->notes) std::cerr << "note: " << note << "\n";
  }
  const Experiment experiment =
      resume ? resume->experiment : loadExperiment(experimentSpecFrom(args));
  printWarnings(experiment);

  // A resumed run continues in its folder, with its selection, on the device it ran on.
  EvaluatorOptions options =
      resume ? resumeOptions(args.get("--resume"), *resume) : EvaluatorOptions{};
  applyRunOptions(args, options);
  const long limit = args.getInt("--limit", 0);
  if (limit < 0) throw UsageError{"--limit must be 0 or more"};
  if (!resume) {
    options.limit = static_cast<size_t>(limit);
    options.outDir = args.get("--out", defaultRunDir(experiment.spec.cfgFile));
    if (args.has("--shard")) options.shard = parseShardSpec(args.get("--shard"));
    // Refused before the network loads; the Evaluator refuses too, for its other callers.
    options.replaceExistingRun = args.has("--overwrite");
    if (!options.replaceExistingRun) refuseToReplaceRun(options.outDir);
  }
  options.validate();

  ProgressPrinter progress(args.has("--quiet"), "eval");
  Evaluator evaluator(experiment, options);
  CancellationToken cancel;
  const EvaluationResult result = runCancellableOnSigint(evaluator, progress, cancel);

  std::cerr << "run folder: " << options.outDir << "\n";
  if (result.summary.state == RunState::Cancelled) {
    std::cerr << "cancelled after " << result.summary.imagesDone << " of "
              << result.summary.imagesTotal << " images\n";
    return kFailed;
  }
  if (result.summary.imagesFailed > 0)
    std::cerr << result.summary.imagesFailed << " image(s) failed; see records.jsonl\n";
  if (options.shard) {
    std::cerr << "shard " << shardSpecText(*options.shard)
              << " complete; posescope-cli merge joins it with the other shards\n";
    return kOk;
  }
  std::cout << result.metricsMarkdown;
  return kOk;
}

}  // namespace posescope::cli
