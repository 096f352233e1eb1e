#include "checkpoint/checkpoint_reader.h"

#include <limits>

#include "checkpoint/checkpoint_file.h"
#include "checkpoint/checkpoint_weights.h"
#include "common/errors.h"

namespace posescope {
namespace {

using Kind = PickleValue::Kind;

bool isTensorDict(const PickleRef& v) {
  if (!v || v->kind != Kind::Dict || v->entries.empty()) return false;
  for (const auto& [key, value] : v->entries) {
    if (key->kind != Kind::String || value->kind != Kind::Tensor) return false;
  }
  return true;
}

std::string describeKeys(const PickleRef& dict) {
  std::string keys;
  std::size_t shown = 0;
  for (const auto& [key, value] : dict->entries) {
    if (shown == 8) {
      keys += ", ...";
      break;
    }
    if (shown++) keys += ", ";
    keys += key->kind == Kind::String ? "'" + key->text + "'" : pickleKindName(key->kind);
    keys += std::string(" (") + pickleKindName(value->kind) + ")";
  }
  return keys.empty() ? "no keys" : keys;
}

// Name/tensor pairs of a dict whose every entry must be a string-keyed tensor.
StateDict toStateDict(const PickleRef& dict, const std::string& path, const std::string& what) {
  StateDict out;
  out.reserve(dict->entries.size());
  for (const auto& [key, value] : dict->entries) {
    if (key->kind != Kind::String) {
      throw CheckpointError("checkpoint '" + path + "': the " + what + " has a " +
                            pickleKindName(key->kind) + " key; expected parameter names");
    }
    if (value->kind != Kind::Tensor) {
      throw CheckpointError("checkpoint '" + path + "': entry '" + key->text + "' of the " + what +
                            " is a " + pickleKindName(value->kind) + ", not a tensor");
    }
    out.emplace_back(key->text, value->tensor);
  }
  return out;
}

// The state_dict a checkpoint's top-level object holds (see readStateDict).
StateDict stateDictOf(const PickleRef& top, const std::string& path) {
  if (top->kind != Kind::Dict) {
    throw CheckpointError("checkpoint '" + path + "' holds a " + pickleKindName(top->kind) +
                          ", not a state_dict (expected a dict of tensors)");
  }
  // LitePose's checkpoint.pth.tar keeps the last epoch's weights under 'state_dict' (and the best
  // epoch's under 'best_state_dict'); like the reference's resume code we use 'state_dict'.
  PickleRef dict = top;
  std::string what = "state_dict";
  if (const PickleRef sd = top->get("state_dict"); sd && sd->kind == Kind::Dict) {
    dict = sd;
    what = "'state_dict' entry";
  } else if (const PickleRef model = top->get("model"); isTensorDict(model)) {
    dict = model;
    what = "'model' entry";
  } else if (!isTensorDict(top)) {
    throw CheckpointError("checkpoint '" + path + "' holds a dict with " + describeKeys(top) +
                          ", which is not a state_dict; expected a dict of tensors, "
                          "{'state_dict': ...} or {'model': ...}");
  }
  StateDict out = toStateDict(dict, path, what);

  // DataParallel saves every name as 'module.<name>'; strip the prefix when all names carry it.
  const std::string prefix = "module.";
  bool allPrefixed = !out.empty();
  for (const auto& entry : out) {
    if (entry.first.compare(0, prefix.size(), prefix) != 0) allPrefixed = false;
  }
  if (allPrefixed) {
    for (auto& entry : out) entry.first.erase(0, prefix.size());
  }
  return out;
}

}  // namespace

StateDict readStateDict(const std::string& path) {
  return stateDictOf(readCheckpointObject(path), path);
}

CheckpointWeights readCheckpointWeights(const std::string& path) {
  const PickleRef top = readCheckpointObject(path);
  CheckpointWeights weights;
  weights.stateDict = stateDictOf(top, path);
  // Only a dict that wraps its weights records training state; a bare state_dict's 'epoch' would
  // be a tensor, never an int.
  const PickleRef epoch = top->get("epoch");
  if (epoch && epoch->kind == Kind::Int && epoch->integer >= 0 &&
      epoch->integer <= std::numeric_limits<int>::max())
    weights.epoch = static_cast<int>(epoch->integer);
  return weights;
}

StateDict readTensorDict(const std::string& path) {
  const PickleRef top = readCheckpointObject(path);
  if (top->kind != Kind::Dict) {
    throw CheckpointError("'" + path + "' holds a " + pickleKindName(top->kind) +
                          ", expected a dict of tensors");
  }
  return toStateDict(top, path, "dict");
}

}  // namespace posescope
