#pragma once
// Internal: the two torch.save layouts, each turned into the pickled object it stores.

#include <string>

#include "checkpoint/pickle_value.h"

namespace posescope::detail {

/// Reads <archive>/data.pkl with storages from <archive>/data/<key>; throws CheckpointError.
PickleRef readZipCheckpoint(const std::string& path);

/// Reads the legacy stream (magic, protocol, sys_info, object, storage keys, storage data);
/// throws CheckpointError.
PickleRef readLegacyCheckpoint(const std::string& path);

/// True when a zip archive is a TorchScript module rather than a torch.save'd object; throws
/// CheckpointError when the archive cannot be opened.
bool isTorchScriptArchive(const std::string& path);

}  // namespace posescope::detail
