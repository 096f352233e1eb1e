#include "pipeline/run_resume.h"

#include <filesystem>

#include "common/errors.h"
#include "pipeline/run_folder_read.h"
#include "pipeline/run_inputs.h"
#include "pipeline/run_lock.h"

namespace posescope {

namespace fs = std::filesystem;

namespace {

// The folder's config.yaml and arch.json are the configuration; the checkpoint and annotation
// file they name must be the very files the run started with (by the digests in run.json), or
// the resumed half would belong to another evaluation. A changed experiment YAML or arch JSON
// only gets a note: the run goes on with the folder's own copies.
void checkInputsUnchanged(const std::string& dir, const RunSummary& summary,
                          const Experiment& experiment, std::vector<std::string>& notes) {
  bool checkpointRecorded = false;
  for (const auto& input : summary.inputs) {
    if (input.role != "checkpoint") continue;
    checkpointRecorded = true;
    const std::string configured = experiment.cfg.getString("TEST.MODEL_FILE");
    if (configured != input.path)
      throw Error("cannot resume '" + dir + "': its config.yaml names the checkpoint '" +
                  configured + "' but the run started with '" + input.path + "'");
  }
  if (!checkpointRecorded)
    throw Error("cannot resume '" + dir +
                "': its run.json records no checkpoint digest (a run "
                "from an older PoseScope), so an unchanged checkpoint cannot be told; start a new "
                "run");
  std::vector<ChangedInput> blocking;
  for (auto& changed : changedRunInputs(summary.inputs)) {
    if (changed.recorded.role == "checkpoint" || changed.recorded.role == "annotations")
      blocking.push_back(std::move(changed));
    else
      notes.push_back(describeChangedInputs({changed}) + "; the run continues with its own " +
                      runfiles::kConfig + " and " + runfiles::kArch);
  }
  if (!blocking.empty())
    throw Error("cannot resume '" + dir + "': " + describeChangedInputs(blocking) +
                "; continuing would mix two evaluations, start a new run");
}

}  // namespace

ResumePlan planResume(const std::string& dir) {
  if (runFolderBeingWritten(dir))
    throw Error("run folder '" + dir + "' is being written by another evaluation");
  LoadedRun run = loadRunFolder(dir);
  const RunState state = run.summary.state;
  if (state == RunState::Complete)
    throw Error("run folder '" + dir + "' is complete already: nothing to resume");
  const fs::path root(dir);
  if (!fs::exists(root / runfiles::kConfig))
    throw Error("run folder '" + dir + "' has no " + runfiles::kConfig +
                ": it cannot be resumed with the configuration it was started with");

  ResumePlan plan;
  ExperimentSpec spec;
  spec.cfgFile = (root / runfiles::kConfig).string();
  if (fs::exists(root / runfiles::kArch)) spec.archFile = (root / runfiles::kArch).string();
  spec.updateConfigApplied = true;  // config.yaml is the merged config, update_config included
  plan.experiment = loadExperiment(spec);
  checkInputsUnchanged(dir, run.summary, plan.experiment, plan.notes);

  plan.point.previous = run.summary;
  plan.point.records = std::move(run.records);
  // The folder's own notes (a torn last record line) come before those of its inputs.
  plan.notes.insert(plan.notes.begin(), run.notes.begin(), run.notes.end());
  // The selection before sharding: a shard's own total is only its part of it.
  plan.limit = run.summary.shard ? run.summary.shard->selectedImages : run.summary.imagesTotal;
  return plan;
}

EvaluatorOptions resumeOptions(const std::string& dir, ResumePlan& plan) {
  EvaluatorOptions options;
  options.outDir = dir;
  options.device = plan.point.previous.device;
  options.limit = plan.limit;
  if (const auto& shard = plan.point.previous.shard)  // a shard resumes as that shard
    options.shard = ShardSpec{shard->index, shard->count};
  options.resumeFrom = std::move(plan.point);
  return options;
}

bool runCanResume(RunState state) {
  return state == RunState::Interrupted || state == RunState::Cancelled ||
         state == RunState::Failed;
}

bool runIsComplete(const std::string& dir) {
  try {
    return !runFolderBeingWritten(dir) && readRunSummary(dir).state == RunState::Complete;
  } catch (const Error&) {
    return false;
  }
}

}  // namespace posescope
