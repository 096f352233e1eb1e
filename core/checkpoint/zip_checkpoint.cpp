// The zip layout torch.save writes since PyTorch 1.6: <archive>/data.pkl and <archive>/data/<key>.

#include <cstring>
#include <unordered_map>

#include <ATen/core/Tensor.h>
#include <ATen/ops/empty.h>
#include <c10/util/Exception.h>
#include <caffe2/serialize/inline_container.h>

#include "checkpoint/checkpoint_formats.h"
#include "checkpoint/storage_id.h"
#include "checkpoint/unpickler.h"
#include "common/errors.h"

namespace posescope::detail {
namespace {

CheckpointError zipError(const std::string& path, const c10::Error& e) {
  return CheckpointError(
      "checkpoint '" + path +
      "' is not a readable zip archive (corrupt or truncated?): " + e.what_without_backtrace());
}

bool hasTorchScriptRecords(caffe2::serialize::PyTorchStreamReader& reader) {
  if (reader.hasRecord("constants.pkl")) return true;
  for (const std::string& name : reader.getAllRecords()) {
    if (name.find("/code/") != std::string::npos) return true;
  }
  return false;
}

}  // namespace

bool isTorchScriptArchive(const std::string& path) {
  try {
    caffe2::serialize::PyTorchStreamReader reader(path);
    return hasTorchScriptRecords(reader);
  } catch (const c10::Error& e) {
    throw zipError(path, e);
  }
}

PickleRef readZipCheckpoint(const std::string& path) {
  try {
    caffe2::serialize::PyTorchStreamReader reader(path);
    if (!reader.hasRecord("data.pkl")) {
      throw CheckpointError("checkpoint '" + path +
                            "' is a zip archive without data.pkl; is it a file written by "
                            "torch.save?");
    }
    if (reader.hasRecord("byteorder")) {  // written by PyTorch >= 2.1
      at::DataPtr order;
      std::size_t orderSize = 0;
      std::tie(order, orderSize) = reader.getRecord("byteorder");
      if (std::string(static_cast<const char*>(order.get()), orderSize) != "little") {
        throw CheckpointError("checkpoint '" + path +
                              "' was written on a big-endian machine, which PoseScope cannot read");
      }
    }
    at::DataPtr pickle;
    std::size_t pickleSize = 0;
    std::tie(pickle, pickleSize) = reader.getRecord("data.pkl");

    std::unordered_map<std::string, PickleRef> storages;  // tensors sharing a key share memory
    auto loadStorage = [&](const PickleRef& pid) -> PickleRef {
      const StorageId id = parseStorageId(pid, path);
      const auto found = storages.find(id.key);
      if (found != storages.end()) return found->second;
      const std::string record = "data/" + id.key;
      if (!reader.hasRecord(record)) {
        throw CheckpointError("checkpoint '" + path + "' is missing the data of storage '" +
                              id.key + "' (truncated or corrupt archive?)");
      }
      at::DataPtr data;
      std::size_t bytes = 0;
      std::tie(data, bytes) = reader.getRecord(record);
      const auto elementSize = static_cast<std::int64_t>(c10::elementSize(id.scalarType));
      if (bytes % std::size_t(elementSize) != 0 ||
          static_cast<std::int64_t>(bytes) / elementSize != id.numel) {
        throw CheckpointError("checkpoint '" + path + "' is corrupt: storage '" + id.key +
                              "' holds " + std::to_string(bytes) + " bytes but should hold " +
                              std::to_string(id.numel) + " elements of " +
                              std::to_string(elementSize) + " bytes");
      }
      at::Tensor tensor = at::empty({id.numel}, at::TensorOptions().dtype(id.scalarType));
      if (bytes > 0) std::memcpy(tensor.data_ptr(), data.get(), bytes);
      PickleRef storage = makeStorage(tensor);
      storages.emplace(id.key, storage);
      return storage;
    };
    return readPickle(static_cast<const char*>(pickle.get()), pickleSize, path, loadStorage).value;
  } catch (const c10::Error& e) {
    throw zipError(path, e);
  }
}

}  // namespace posescope::detail
