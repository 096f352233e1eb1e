// The stream torch.save wrote before PyTorch 1.6: five pickles, then each storage's raw bytes.

#include <cstring>
#include <fstream>
#include <iterator>
#include <unordered_map>
#include <unordered_set>

#include <ATen/core/Tensor.h>
#include <ATen/ops/empty.h>

#include "checkpoint/checkpoint_formats.h"
#include "checkpoint/storage_id.h"
#include "checkpoint/unpickler.h"
#include "common/errors.h"

namespace posescope::detail {
namespace {

// torch.serialization's MAGIC_NUMBER 0x1950a86a20f9469cfc6c, as LONG1 stores it (little-endian).
const unsigned char kMagic[] = {0x6c, 0xfc, 0x9c, 0x46, 0xf9, 0x20, 0x6a, 0xa8, 0x50, 0x19};
constexpr std::int64_t kProtocolVersion = 1001;

}  // namespace

PickleRef readLegacyCheckpoint(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw CheckpointError("cannot open checkpoint '" + path + "'");
  const std::string file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::size_t pos = 0;
  auto next = [&](const PersistentLoader& loader) {
    PickleResult r = readPickle(file.data() + pos, file.size() - pos, path, loader);
    pos += r.consumed;
    return r.value;
  };
  auto corrupt = [&](const std::string& what) {
    return CheckpointError("checkpoint '" + path + "' is corrupt or truncated: " + what);
  };

  const PickleRef magic = next({});
  if (magic->kind != PickleValue::Kind::BigInt || magic->text.size() != sizeof kMagic ||
      std::memcmp(magic->text.data(), kMagic, sizeof kMagic) != 0) {
    throw CheckpointError("'" + path +
                          "' is not a PyTorch checkpoint (its legacy torch.save magic number is "
                          "wrong)");
  }
  const PickleRef protocol = next({});
  if (protocol->kind != PickleValue::Kind::Int || protocol->integer != kProtocolVersion) {
    throw CheckpointError("checkpoint '" + path +
                          "' uses an unknown legacy torch.save protocol version");
  }
  const PickleRef sysInfo = next({});
  if (const PickleRef little = sysInfo->get("little_endian")) {
    if (little->kind == PickleValue::Kind::Bool && !little->boolean) {
      throw CheckpointError("checkpoint '" + path +
                            "' was written on a big-endian machine, which PoseScope cannot read");
    }
  }

  std::unordered_map<std::string, PickleRef> roots;  // storages whose bytes follow the pickles
  std::unordered_map<std::string, PickleRef> views;  // legacy views into a root storage
  auto loadStorage = [&](const PickleRef& pid) -> PickleRef {
    const StorageId id = parseStorageId(pid, path);
    PickleRef& root = roots[id.key];
    if (!root) {
      const auto elementSize = static_cast<std::int64_t>(c10::elementSize(id.scalarType));
      if (id.numel > static_cast<std::int64_t>(file.size()) / elementSize) {
        throw corrupt("storage '" + id.key + "' is larger than the file");
      }
      root = makeStorage(at::empty({id.numel}, at::TensorOptions().dtype(id.scalarType)));
    } else if (root->tensor.scalar_type() != id.scalarType || root->tensor.numel() != id.numel) {
      throw corrupt("storage '" + id.key + "' is described twice with different types or sizes");
    }
    if (!id.isView) return root;
    PickleRef& view = views[id.viewKey];
    if (!view) {
      if (id.viewOffset > id.numel || id.viewSize > id.numel - id.viewOffset) {
        throw corrupt("view '" + id.viewKey + "' reaches past the end of storage '" + id.key + "'");
      }
      view = makeStorage(root->tensor.narrow(0, id.viewOffset, id.viewSize));
    }
    return view;
  };
  PickleRef result = next(loadStorage);

  const PickleRef keys = next({});
  if (keys->kind != PickleValue::Kind::List) throw corrupt("the storage key list is missing");
  std::unordered_set<std::string> filled;
  for (const PickleRef& key : keys->items) {
    if (key->kind != PickleValue::Kind::String) throw corrupt("a storage key is not a string");
    const auto it = roots.find(key->text);
    if (it == roots.end()) throw corrupt("storage '" + key->text + "' is never used");
    at::Tensor& storage = it->second->tensor;
    if (file.size() - pos < 8) throw corrupt("the file ends before storage '" + key->text + "'");
    std::int64_t count = 0;
    for (int i = 0; i < 8; ++i) {
      count |= std::int64_t(static_cast<unsigned char>(file[pos + std::size_t(i)])) << (8 * i);
    }
    pos += 8;
    if (count != storage.numel()) {
      throw corrupt("storage '" + key->text + "' has " + std::to_string(count) +
                    " elements in the file but " + std::to_string(storage.numel()) +
                    " in its description");
    }
    const std::size_t bytes = std::size_t(count) * storage.element_size();
    if (file.size() - pos < bytes)
      throw corrupt("the file ends inside storage '" + key->text + "'");
    if (bytes > 0) std::memcpy(storage.data_ptr(), file.data() + pos, bytes);
    pos += bytes;
    filled.insert(key->text);
  }
  if (filled.size() != roots.size()) throw corrupt("some storages have no data");
  return result;
}

}  // namespace posescope::detail
