#pragma once
// A restricted unpickler: builds plain containers, numbers, strings and torch tensors from a
// pickle, resolves only an allow-list of globals, and never executes code.

#include <cstddef>
#include <functional>
#include <string>

#include "checkpoint/pickle_value.h"

namespace posescope {

/// Resolves a persistent id (BINPERSID, torch's storage reference) to a Storage value; it throws
/// CheckpointError when the id is malformed or its data is missing.
using PersistentLoader = std::function<PickleRef(const PickleRef& persistentId)>;

/// The value one pickle holds and how many bytes it took (pickles can follow each other).
struct PickleResult {
  PickleRef value;
  std::size_t consumed = 0;
};

/// Unpickles the pickle at the start of [data, data + size). Allowed globals:
/// collections.OrderedDict, torch._utils._rebuild_tensor(_v2) / _rebuild_parameter(_with_state) and
/// torch's typed storages. Throws CheckpointError naming `source` for any other global (e.g.
/// "posix.system"), an unsupported opcode, a truncated stream or malformed tensor arguments.
PickleResult readPickle(const char* data, std::size_t size, const std::string& source,
                        const PersistentLoader& persistentLoader = {});

/// The dtype of a torch storage global ("torch.FloatStorage" -> Float); returns false when the
/// name is not a typed storage PoseScope supports.
bool storageScalarType(const std::string& globalName, c10::ScalarType* scalarType);

}  // namespace posescope
