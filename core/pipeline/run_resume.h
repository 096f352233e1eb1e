#pragma once
// eval --resume: what it takes to continue an interrupted run folder with the configuration it
// was started with.

#include <string>
#include <vector>

#include "config/experiment.h"
#include "pipeline/evaluator_options.h"
#include "pipeline/resume_point.h"

namespace posescope {

/// An interrupted run, ready to continue.
struct ResumePlan {
  Experiment experiment;           // rebuilt from the folder's config.yaml and arch.json
  ResumePoint point;               // its whole records and run.json
  size_t limit = 0;                // the run's selection: its first `limit` images (0: all of them)
  std::vector<std::string> notes;  // what was forgiven (a torn last record line)
};

/// Reads run folder `dir` for eval --resume. Throws posescope::Error naming the folder or file
/// when it is complete already, is being written by another process, lacks config.yaml, or when
/// the checkpoint or annotation file it was run with changed since (by their recorded digests):
/// continuing would mix two different evaluations.
ResumePlan planResume(const std::string& dir);

/// The options that continue `plan` in its run folder `dir`, for eval --resume and the GUI's
/// Resume alike: the folder itself, the device it ran on, its selection (limit, shard) and its
/// whole records (moved out of `plan`); the rest keep EvaluatorOptions' defaults.
EvaluatorOptions resumeOptions(const std::string& dir, ResumePlan& plan);

/// Whether planResume accepts a run folder in `state` as read back (interrupted, cancelled or
/// failed; not complete, not being written).
bool runCanResume(RunState state);

/// Whether `dir` holds a complete run that nobody is writing (eval --resume then has nothing to
/// do). Never fails: a folder it cannot read is not complete, and planResume says why.
bool runIsComplete(const std::string& dir);

}  // namespace posescope
