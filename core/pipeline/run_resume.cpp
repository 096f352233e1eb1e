#include "pipeline/run_resume.h"

#include <filesystem>

#include "common/errors.h"
#include "pipeline/run_lock.h"

namespace posescope {

namespace fs = std::filesystem;

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

  plan.point.previous = run.summary;
  plan.point.records = std::move(run.records);
  plan.notes = std::move(run.notes);
  plan.limit = run.summary.imagesTotal;
  return plan;
}

}  // namespace posescope
