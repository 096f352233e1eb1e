#pragma once
// PoseNet implementations' shared device handling, and the wrapper over native modules.

#include <memory>
#include <string>

#include "models/pose_module.h"
#include "models/pose_net.h"

namespace posescope::models {

/// A PoseNet that knows how to move itself (what moveToDevice calls).
class MovablePoseNet : public PoseNet {
 public:
  /// Moves and converts the network; under fp16 floating tensors become half except BatchNorm's.
  virtual void moveTo(const torch::Device& device, bool fp16) = 0;
};

/// Wraps a native module. forward() moves the input to the network's device and dtype (half
/// under FP16) and returns float outputs, as network_to_half's tofp16/tofp32 wrappers do.
class NativePoseNet : public MovablePoseNet {
 public:
  NativePoseNet(std::shared_ptr<PoseModuleImpl> module, std::string name);
  std::vector<torch::Tensor> forward(const torch::Tensor& input) override;
  torch::nn::Module& module() override { return *module_; }
  std::string name() const override { return name_; }
  void moveTo(const torch::Device& device, bool fp16) override;
  int foldBatchNormsForEvaluation() override { return module_->foldBatchNormsForEvaluation(); }

 private:
  std::shared_ptr<PoseModuleImpl> module_;
  std::string name_;
  torch::Device device_{torch::kCPU};
  bool half_ = false;
};

/// Converts every parameter and buffer of `module` in place (identity kept): to `device`, and
/// floating tensors to half under `fp16` unless they belong to a BatchNorm (which stay float).
void convertModule(torch::nn::Module& module, const torch::Device& device, bool fp16);

}  // namespace posescope::models
