#include "checkpoint/storage_id.h"

#include "checkpoint/unpickler.h"
#include "common/errors.h"

namespace posescope {

StorageId parseStorageId(const PickleRef& pid, const std::string& source) {
  using Kind = PickleValue::Kind;
  auto bad = [&](const std::string& what) -> CheckpointError {
    return CheckpointError("checkpoint '" + source +
                           "' is corrupt: a storage reference is malformed (" + what + ")");
  };
  if (!pid || pid->kind != Kind::Tuple || pid->items.empty()) throw bad("not a tuple");
  const auto& it = pid->items;
  if (it[0]->kind != Kind::String || it[0]->text != "storage") {
    throw bad("its type is not 'storage'");
  }
  if (it.size() != 5 && it.size() != 6) throw bad("wrong number of fields");
  StorageId id;
  if (it[1]->kind != Kind::Global || !storageScalarType(it[1]->text, &id.scalarType)) {
    throw bad("unknown storage type");
  }
  if (it[2]->kind != Kind::String) throw bad("the key is not a string");
  id.key = it[2]->text;
  if (it[3]->kind == Kind::String) id.location = it[3]->text;
  if (it[4]->kind != Kind::Int || it[4]->integer < 0) throw bad("the size is not a count");
  id.numel = it[4]->integer;
  if (it.size() == 6 && it[5]->kind != Kind::None) {
    const auto& view = it[5];
    if (view->kind != Kind::Tuple || view->items.size() != 3 ||
        view->items[0]->kind != Kind::String || view->items[1]->kind != Kind::Int ||
        view->items[2]->kind != Kind::Int || view->items[1]->integer < 0 ||
        view->items[2]->integer < 0) {
      throw bad("the view metadata is malformed");
    }
    id.isView = true;
    id.viewKey = view->items[0]->text;
    id.viewOffset = view->items[1]->integer;
    id.viewSize = view->items[2]->integer;
  }
  return id;
}

PickleRef makeStorage(const at::Tensor& tensor) {
  auto storage = makePickle(PickleValue::Kind::Storage);
  storage->tensor = tensor;
  return storage;
}

}  // namespace posescope
