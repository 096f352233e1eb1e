#pragma once
// A checkpoint's weights together with the training epoch it records, for runs that say which
// epoch they evaluated (run.json's checkpoint_epoch, checkpoint sweeps).

#include <optional>
#include <string>

#include "checkpoint/checkpoint_reader.h"

namespace posescope {

/// What an evaluation takes from a checkpoint file.
struct CheckpointWeights {
  StateDict stateDict;       // as readStateDict returns it
  std::optional<int> epoch;  // the file's 'epoch' entry; unset for a bare state_dict
};

/// readStateDict's weights, plus the integer 'epoch' of a training checkpoint: LitePose's
/// checkpoint.pth.tar stores epoch + 1 after each epoch (dist_train.py), i.e. the epochs trained
/// so far, whose 'state_dict' this is. model_best.pth.tar and final_state*.pth.tar are bare
/// state_dicts: no epoch. Reads the file once; throws as readStateDict.
CheckpointWeights readCheckpointWeights(const std::string& path);

}  // namespace posescope
