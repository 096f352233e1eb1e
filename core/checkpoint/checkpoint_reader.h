#pragma once
// Reads files written by torch.save (zip and legacy formats) without executing any code.

#include <string>
#include <utility>
#include <vector>

#include <torch/types.h>

namespace torch::nn {
class Module;
}

namespace posescope {

/// An ordered state_dict: names and tensors in the order the file stores them.
using StateDict = std::vector<std::pair<std::string, torch::Tensor>>;

/// Reads a checkpoint and returns its state_dict: unwraps {'state_dict': ...}, {'model': ...},
/// LitePose's checkpoint.pth.tar, and strips DataParallel's `module.` prefix. Throws
/// CheckpointError naming the file for corrupt, truncated or unsafe pickles.
StateDict readStateDict(const std::string& path);

/// Reads a torch.save'd flat dict of tensors (e.g. verify-model's IO.pth: {'input': t, ...}).
StateDict readTensorDict(const std::string& path);

/// load_state_dict(strict=True): copies every parameter and buffer; throws CheckpointError listing
/// missing keys, unexpected keys and shape mismatches (first few of each, with counts).
void loadStateDictStrict(torch::nn::Module& module, const StateDict& stateDict,
                         const std::string& source);

}  // namespace posescope
