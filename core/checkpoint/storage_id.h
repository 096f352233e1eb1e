#pragma once
// The persistent ids torch.save writes for storages, in both the zip and the legacy format.

#include <cstdint>
#include <string>

#include "checkpoint/pickle_value.h"

namespace posescope {

/// A parsed ('storage', storage_type, key, location, numel[, view_metadata]) persistent id.
struct StorageId {
  std::string key;
  c10::ScalarType scalarType = c10::ScalarType::Float;
  std::string location;    // where it was saved ("cpu", "cuda:0"); PoseScope loads onto the CPU
  std::int64_t numel = 0;  // elements of the (root) storage
  bool isView = false;     // legacy format only: a view into the root storage
  std::string viewKey;
  std::int64_t viewOffset = 0;
  std::int64_t viewSize = 0;
};

/// Parses a storage persistent id; throws CheckpointError naming `source` when it is malformed or
/// names an unsupported storage type.
StorageId parseStorageId(const PickleRef& persistentId, const std::string& source);

/// Creates a Storage value over `tensor` (a 1-D tensor holding every element of the storage).
PickleRef makeStorage(const at::Tensor& tensor);

}  // namespace posescope
