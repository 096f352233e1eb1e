#pragma once
// Opens a file written by torch.save (zip or legacy format) and returns the object it holds.

#include <string>

#include "checkpoint/pickle_value.h"

namespace posescope {

/// What kind of PyTorch file a path holds, judged from its first bytes and zip records.
enum class CheckpointFormat {
  Zip,          // torch.save, PyTorch >= 1.6
  Legacy,       // torch.save, older releases (_use_new_zipfile_serialization=False)
  TorchScript,  // torch.jit.save archive (has constants.pkl / code/)
};

/// Detects the format; throws CheckpointError naming the file when it is missing, empty,
/// unreadable or not a PyTorch file at all.
CheckpointFormat detectCheckpointFormat(const std::string& path);

/// Reads the whole object torch.save stored, tensors loaded onto the CPU. Never executes code:
/// throws CheckpointError naming the file for a TorchScript archive, a corrupt or truncated file,
/// or a pickle that refers to anything but tensors and plain containers.
PickleRef readCheckpointObject(const std::string& path);

}  // namespace posescope
