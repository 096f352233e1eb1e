#include "models/subnet_extraction.h"

#include <algorithm>
#include <map>

#include <torch/csrc/autograd/grad_mode.h>

#include "common/errors.h"
#include "models/pose_net.h"
#include "models/supernet.h"

namespace posescope {

namespace {

constexpr const char* kSupernet = "pose_supermobilenet";
constexpr const char* kSubnetwork = "pose_mobilenet";

bool endsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The leading slice of `source` with the shape of `target` (weight_transfer's [:n, :m]).
torch::Tensor leadingSlice(const std::string& key, const torch::Tensor& source,
                           const torch::Tensor& target) {
  if (source.dim() != target.dim())
    throw ModelError("cannot extract '" + key + "': the supernet's tensor has " +
                     std::to_string(source.dim()) + " dimensions, the sub-network's " +
                     std::to_string(target.dim()));
  torch::Tensor out = source;
  for (int64_t d = 0; d < target.dim(); ++d) {
    if (source.size(d) < target.size(d))
      throw ModelError("cannot extract '" + key + "': the sub-network needs " +
                       std::to_string(target.size(d)) + " along dimension " + std::to_string(d) +
                       ", the supernet has " + std::to_string(source.size(d)));
    out = out.narrow(d, 0, target.size(d));
  }
  return out;
}

}  // namespace

Experiment subnetworkExperiment(const Experiment& superExperiment) {
  Experiment sub = superExperiment;
  sub.cfg = superExperiment.cfg.clone();
  sub.cfg.set("MODEL.NAME", ConfigValue{std::string(kSubnetwork)});
  // The supernet's shape and search space (config/search_space.h) mean nothing to a
  // pose_mobilenet; left in, its config.yaml would warn about them.
  if (ConfigNode::Entry* model = sub.cfg.find("MODEL"); model && model->child)
    if (ConfigNode::Entry* extra = model->child->find("EXTRA"); extra && extra->child) {
      auto& entries = extra->child->entries();
      entries.erase(std::remove_if(entries.begin(), entries.end(),
                                   [](const ConfigNode::Entry& e) {
                                     return e.key.rfind("SUPERNET_", 0) == 0 ||
                                            e.key.rfind("SEARCH_", 0) == 0;
                                   }),
                    entries.end());
    }
  return sub;
}

StateDict extractSubnetwork(const Experiment& superExperiment, const StateDict& supernetState,
                            const std::string& checkpointName) {
  const std::string name = superExperiment.cfg.getString("MODEL.NAME");
  if (name != kSupernet)
    throw ModelError("extraction needs a supernet (MODEL.NAME " + std::string(kSupernet) +
                     "), the config says " + name);
  if (!superExperiment.arch)
    throw ModelError("extraction needs the sub-network's arch (--superconfig ARCH.json)");
  const std::shared_ptr<PoseNet> super = createPoseNet(superExperiment);
  loadStateDictStrict(super->module(), supernetState, checkpointName);
  const std::shared_ptr<PoseNet> sub = createPoseNet(subnetworkExperiment(superExperiment));

  std::map<std::string, torch::Tensor> superTensors;
  for (const auto& p : super->module().named_parameters()) superTensors[p.key()] = p.value();
  for (const auto& b : super->module().named_buffers()) superTensors[b.key()] = b.value();
  std::map<std::string, std::shared_ptr<models::SuperInvBottleneckImpl>> blocks;
  for (const auto& m : super->module().named_modules())
    if (auto block = std::dynamic_pointer_cast<models::SuperInvBottleneckImpl>(m.value()))
      blocks[m.key()] = block;

  torch::NoGradGuard noGrad;
  StateDict out;
  // state_dict order: module by module, each module's parameters, then its buffers.
  for (const auto& m : sub->module().named_modules()) {
    const std::string prefix = m.key().empty() ? "" : m.key() + ".";
    auto take = [&](const std::string& local, const torch::Tensor& target) {
      const std::string key = prefix + local;
      torch::Tensor value;
      const std::string depthwise = ".depth_conv.0.weight";
      if (endsWith(key, depthwise) && target.size(2) < 7) {
        const auto block = blocks.find(key.substr(0, key.size() - depthwise.size()));
        if (block == blocks.end())
          throw ModelError("cannot extract '" + key + "': no supernet block of that name");
        value = block->second->depthwiseWeight(target.size(0), target.size(2));
      } else {
        const auto it = superTensors.find(key);
        if (it == superTensors.end())
          throw ModelError("cannot extract '" + key + "': the supernet has no such tensor");
        value = leadingSlice(key, it->second, target);
      }
      out.emplace_back(key, value.to(target.scalar_type()).contiguous().clone());
    };
    for (const auto& p : m.value()->named_parameters(/*recurse=*/false)) take(p.key(), p.value());
    for (const auto& b : m.value()->named_buffers(/*recurse=*/false)) take(b.key(), b.value());
  }
  return out;
}

}  // namespace posescope
