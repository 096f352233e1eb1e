#pragma once
// A module's state_dict in PyTorch's order (each module's parameters, then its buffers, then its
// children), ready for writeStateDict.

#include "checkpoint/checkpoint_reader.h"

namespace posescope::train {

/// Detached CPU copies of every parameter and buffer of `module`, named as Module.state_dict()
/// names them; never fails.
StateDict moduleStateDict(torch::nn::Module& module);

/// Writes the state_dict to `path` through a temporary file renamed into place, so a reader never
/// sees a half-written file; throws CheckpointError naming the path when it cannot be written.
void saveModuleWeights(torch::nn::Module& module, const std::string& path);

}  // namespace posescope::train
