#pragma once
// Which checkpoints a sweep evaluates, in which order, and the run folder each gets
// (posescope-cli sweep). No Torch: the epochs are read by the caller (checkpoint_weights.h).

#include <string>
#include <vector>

#include "pipeline/sweep_summary.h"

namespace posescope {

/// The checkpoint files of a training output folder: the regular files directly in `dir` named
/// *.pth or *.pth.tar (LitePose writes checkpoint.pth.tar, model_best.pth.tar and
/// final_state*.pth.tar), absolute, in name order. Throws Error naming `dir` when it is not a
/// folder or holds none.
std::vector<std::string> trainingCheckpointFiles(const std::string& dir);

/// One run folder name per checkpoint, in the same order: the file name without .pth.tar, .pth,
/// .pt or .tar, with "-2", "-3", ... after a name taken by an earlier checkpoint.
std::vector<std::string> sweepRunNames(const std::vector<std::string>& checkpoints);

/// Orders a sweep's checkpoints by the epoch they record, those without one after them in the
/// order given (a stable sort).
void sortByEpoch(std::vector<SweepCheckpoint>& checkpoints);

}  // namespace posescope
