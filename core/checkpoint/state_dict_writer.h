#pragma once
// Writes a state_dict as torch.save(model.state_dict()) does (zip format), so PoseScope's own
// weights load in Python with torch.load and in PoseScope with readStateDict.

#include <string>

#include "checkpoint/checkpoint_reader.h"

namespace posescope {

/// Saves `stateDict` (an OrderedDict of tensors, pickle protocol 2, one storage per tensor) to
/// `path`; throws CheckpointError naming the file when it cannot be written or a tensor has a
/// dtype torch.save storages do not cover.
void writeStateDict(const std::string& path, const StateDict& stateDict);

}  // namespace posescope
