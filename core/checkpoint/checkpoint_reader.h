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

/// Reads a checkpoint and returns its state_dict: unwraps {'state_dict': ...} (so LitePose's
/// checkpoint.pth.tar gives its 'state_dict', not 'best_state_dict'), {'model': <dict of tensors>}
/// or takes a plain state_dict, and strips DataParallel's `module.` prefix when every name has it.
/// Tensors are on the CPU in the file's dtype. Throws CheckpointError naming the file for missing,
/// corrupt, truncated, TorchScript or unsafe files (the reader never executes code).
StateDict readStateDict(const std::string& path);

/// Reads a torch.save'd flat dict of tensors (e.g. verify-model's IO.pth: {'input': t, ...}) in
/// file order; throws CheckpointError naming the file and key when an entry is not a tensor.
StateDict readTensorDict(const std::string& path);

/// load_state_dict(strict=True): copies every parameter and buffer; throws CheckpointError listing
/// missing keys, unexpected keys and shape mismatches (first few of each, with counts).
void loadStateDictStrict(torch::nn::Module& module, const StateDict& stateDict,
                         const std::string& source);

}  // namespace posescope
