// load_state_dict(strict=True) for a torch::nn::Module and a StateDict read from a checkpoint.

#include <torch/nn/module.h>
#include <torch/types.h>
#include <torch/utils.h>

#include <sstream>
#include <unordered_map>

#include "checkpoint/checkpoint_reader.h"
#include "common/errors.h"

namespace posescope {
namespace {

constexpr std::size_t kShown = 5;

std::string shapeText(const torch::Tensor& t) {
  std::ostringstream out;
  out << "[";
  for (std::int64_t i = 0; i < t.dim(); ++i) out << (i ? ", " : "") << t.size(i);
  out << "]";
  return out.str();
}

void listProblems(std::ostringstream& out, const char* title,
                  const std::vector<std::string>& items) {
  if (items.empty()) return;
  out << "\n  " << items.size() << " " << title << ": ";
  for (std::size_t i = 0; i < items.size() && i < kShown; ++i) out << (i ? ", " : "") << items[i];
  if (items.size() > kShown) out << ", ... (" << items.size() - kShown << " more)";
}

}  // namespace

void loadStateDictStrict(torch::nn::Module& module, const StateDict& stateDict,
                         const std::string& source) {
  std::vector<std::pair<std::string, torch::Tensor>> targets;
  // Like Python's state_dict(), an absent tensor (e.g. a convolution without bias) has no entry.
  for (const auto& item : module.named_parameters(/*recurse=*/true)) {
    if (item.value().defined()) targets.emplace_back(item.key(), item.value());
  }
  for (const auto& item : module.named_buffers(/*recurse=*/true)) {
    if (item.value().defined()) targets.emplace_back(item.key(), item.value());
  }

  std::unordered_map<std::string, const torch::Tensor*> given;  // a repeated name: last one wins
  for (const auto& [name, tensor] : stateDict) given[name] = &tensor;

  std::vector<std::string> missing, mismatched, unexpected;
  std::unordered_map<std::string, bool> expected;
  for (const auto& [name, target] : targets) {
    expected[name] = true;
    const auto it = given.find(name);
    if (it == given.end()) {
      missing.push_back(name);
    } else if (it->second->sizes() != target.sizes()) {
      mismatched.push_back(name + " (checkpoint " + shapeText(*it->second) + ", network " +
                           shapeText(target) + ")");
    }
  }
  for (const auto& [name, tensor] : stateDict) {
    if (!expected.count(name)) unexpected.push_back(name);
  }

  if (!missing.empty() || !unexpected.empty() || !mismatched.empty()) {
    std::ostringstream out;
    out << "checkpoint '" << source << "' does not match the network (strict loading):";
    listProblems(out, "missing keys", missing);
    listProblems(out, "unexpected keys", unexpected);
    listProblems(out, "shape mismatches", mismatched);
    out << "\nDoes the arch JSON / config match the checkpoint?";
    throw CheckpointError(out.str());
  }

  torch::NoGradGuard noGrad;
  for (auto& [name, target] : targets) target.copy_(*given.at(name));
}

}  // namespace posescope
