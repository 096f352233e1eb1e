#include "train/module_state.h"

#include <filesystem>

#include <torch/nn/module.h>

#include "checkpoint/state_dict_writer.h"
#include "common/errors.h"

namespace posescope::train {

StateDict moduleStateDict(torch::nn::Module& module) {
  StateDict out;
  for (const auto& item : module.named_modules("", true)) {
    const std::string prefix = item.key().empty() ? "" : item.key() + ".";
    for (const auto& p : item.value()->named_parameters(false))
      out.emplace_back(prefix + p.key(), p.value().detach().to(torch::kCPU).contiguous().clone());
    for (const auto& b : item.value()->named_buffers(false))
      out.emplace_back(prefix + b.key(), b.value().detach().to(torch::kCPU).contiguous().clone());
  }
  return out;
}

void saveModuleWeights(torch::nn::Module& module, const std::string& path) {
  const std::string tmp = path + ".partial";
  writeStateDict(tmp, moduleStateDict(module));
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) throw CheckpointError("cannot move '" + tmp + "' to '" + path + "': " + ec.message());
}

}  // namespace posescope::train
