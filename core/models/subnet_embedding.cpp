#include "models/subnet_embedding.h"

#include <map>

#include <torch/csrc/autograd/grad_mode.h>
#include <torch/utils.h>

#include "common/errors.h"
#include "models/layers.h"
#include "models/pose_net.h"
#include "models/subnet_extraction.h"

namespace posescope {

namespace {

std::map<std::string, torch::Tensor> namedTensors(torch::nn::Module& module) {
  std::map<std::string, torch::Tensor> out;
  for (const auto& p : module.named_parameters()) out[p.key()] = p.value();
  for (const auto& b : module.named_buffers()) out[b.key()] = b.value();
  return out;
}

// The leading slice of `target` with the shape of `source` (where extraction reads it back).
torch::Tensor leadingSliceOf(const std::string& key, torch::Tensor target,
                             const torch::Tensor& source) {
  if (source.dim() != target.dim())
    throw ModelError("cannot embed '" + key + "': the sub-network's tensor has " +
                     std::to_string(source.dim()) + " dimensions, the supernet's " +
                     std::to_string(target.dim()));
  for (int64_t d = 0; d < source.dim(); ++d) {
    if (target.size(d) < source.size(d))
      throw ModelError("cannot embed '" + key + "': it has " + std::to_string(source.size(d)) +
                       " along dimension " + std::to_string(d) + ", the supernet " +
                       std::to_string(target.size(d)));
    target = target.narrow(d, 0, source.size(d));
  }
  return target;
}

void checkEmbeddable(const ArchConfig& arch, const std::string& archFile) {
  for (std::size_t s = 0; s < arch.backbone.size(); ++s) {
    const ArchStage& stage = arch.backbone[s];
    const std::string where = archFile + ": backbone_setting[" + std::to_string(s) + "]";
    if (stage.numBlocks < 1)
      throw ModelError("cannot embed " + where + " has no blocks (the supernet's first block " +
                       "of a stage changes the width and cannot be skipped)");
    for (int b = 0; b < stage.numBlocks; ++b)
      if (stage.blockSetting[static_cast<std::size_t>(b)].second != 7)
        throw ModelError("cannot embed " + where + ".block_setting[" + std::to_string(b) +
                         "] has kernel " +
                         std::to_string(stage.blockSetting[static_cast<std::size_t>(b)].second) +
                         "; only 7x7 depthwise kernels embed exactly (a smaller one passes " +
                         "through the block's Linear5x5 / Linear3x3 transform)");
  }
}

}  // namespace

StateDict embedSubnetwork(const Experiment& superExperiment, const StateDict& subnetworkState,
                          const std::string& checkpointName, std::uint64_t seed) {
  const std::string name = superExperiment.cfg.getString("MODEL.NAME");
  if (name != "pose_supermobilenet")
    throw ModelError("embedding needs a supernet (MODEL.NAME pose_supermobilenet), the config " +
                     std::string("says ") + name);
  if (!superExperiment.arch)
    throw ModelError("embedding needs the sub-network's arch (--superconfig ARCH.json)");
  checkEmbeddable(*superExperiment.arch, superExperiment.spec.archFile);

  torch::manual_seed(seed);
  const std::shared_ptr<PoseNet> super = createPoseNet(superExperiment);
  const std::shared_ptr<PoseNet> sub = createPoseNet(subnetworkExperiment(superExperiment));
  loadStateDictStrict(sub->module(), subnetworkState, checkpointName);

  torch::NoGradGuard noGrad;
  const auto superTensors = namedTensors(super->module());
  const auto subTensors = namedTensors(sub->module());
  for (const auto& [key, value] : subTensors) {
    const auto it = superTensors.find(key);
    if (it == superTensors.end())
      throw ModelError("cannot embed '" + key + "': the supernet has no such tensor");
    leadingSliceOf(key, it->second, value).copy_(value);
  }

  // Weights from the extra channels into the embedded ones start at zero.
  for (const auto& m : super->module().named_modules()) {
    const auto subWeight = subTensors.find(m.key() + ".weight");
    if (subWeight == subTensors.end()) continue;
    const torch::Tensor& s = subWeight->second;
    if (const auto conv = std::dynamic_pointer_cast<models::Conv2dImpl>(m.value()))
      conv->weight.narrow(0, 0, s.size(0))
          .narrow(1, s.size(1), conv->weight.size(1) - s.size(1))
          .zero_();  // [out, in, k, k]
    else if (const auto deconv = std::dynamic_pointer_cast<models::ConvTranspose2dImpl>(m.value()))
      deconv->weight.narrow(1, 0, s.size(1))
          .narrow(0, s.size(0), deconv->weight.size(0) - s.size(0))
          .zero_();  // [in, out, k, k]
  }

  // Blocks beyond the embedded ones pass their input through.
  const ArchConfig& arch = *superExperiment.arch;
  for (std::size_t s = 0; s < arch.backbone.size(); ++s)
    for (int b = arch.backbone[s].numBlocks;; ++b) {
      const std::string bn =
          "stage." + std::to_string(s) + "." + std::to_string(b) + ".point_conv.1.";
      const auto weight = superTensors.find(bn + "weight");
      if (weight == superTensors.end()) break;
      weight->second.zero_();
      superTensors.at(bn + "bias").zero_();
    }

  StateDict out;
  for (const auto& m : super->module().named_modules()) {
    const std::string prefix = m.key().empty() ? "" : m.key() + ".";
    for (const auto& p : m.value()->named_parameters(/*recurse=*/false))
      out.emplace_back(prefix + p.key(), p.value().detach().clone());
    for (const auto& b : m.value()->named_buffers(/*recurse=*/false))
      out.emplace_back(prefix + b.key(), b.value().detach().clone());
  }
  return out;
}

}  // namespace posescope
