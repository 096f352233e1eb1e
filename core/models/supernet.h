#pragma once
// LitePose's supernet (pose_supermobilenet): every weight of the search space is a parameter;
// forward runs the searched sub-network by slicing channels and cropping kernels.

#include <memory>
#include <vector>

#include "models/layers.h"
#include "models/model_options.h"
#include "models/pose_module.h"

namespace posescope::models {

/// SuperInvBottleneck: expansion 6 / kernel 7 at full size, plus the 5x5 and 3x3 kernel
/// transforms (Linear5x5, Linear3x3) applied to the cropped depthwise kernel.
class SuperInvBottleneckImpl : public torch::nn::Module {
 public:
  SuperInvBottleneckImpl(int64_t in, int64_t out, int64_t stride);
  /// Runs with `outChannels` outputs, a `kernel`xkernel depthwise kernel and `expansion`.
  torch::Tensor forward(const torch::Tensor& x, int64_t outChannels, int64_t kernel,
                        int64_t expansion);
  /// The depthwise kernel a sub-network with `mid` channels and a `kernel`xkernel kernel uses:
  /// the centre of the 7x7 kernel, through the block's Linear5x5 / Linear3x3 transform.
  torch::Tensor depthwiseWeight(int64_t mid, int64_t kernel);

 private:
  std::shared_ptr<SequentialImpl> inv_, depthConv_, pointConv_;
  std::shared_ptr<LinearImpl> linear5_, linear3_;
  bool residual_;
};
TORCH_MODULE(SuperInvBottleneck);

/// SuperSepConv2d: depthwise 5x5 over the input's channels, BatchNorm, ReLU, sliced pointwise.
class SuperSepConv2dImpl : public torch::nn::Module {
 public:
  SuperSepConv2dImpl(int64_t in, int64_t out, int64_t kernel);
  torch::Tensor forward(const torch::Tensor& x, int64_t outChannels);

 private:
  std::shared_ptr<SequentialImpl> conv_;
};
TORCH_MODULE(SuperSepConv2d);

/// The supernet. Its state_dict is the whole supernet's; throws ModelError when the searched
/// arch does not fit in the search space (too many blocks or channels, unsupported kernel).
class SuperLitePoseImpl : public PoseModuleImpl {
 public:
  explicit SuperLitePoseImpl(const SuperNetOptions& options);
  std::vector<torch::Tensor> forward(const torch::Tensor& x) override;
  /// Runs sub-network `arch` from now on (training draws one per step, as the reference's
  /// supernet forward does); throws ModelError when it does not fit the search space.
  void setSearchArch(const ArchConfig& arch);
  /// None: its sequences run layer by layer on sliced weights, which folding would bypass.
  int foldBatchNormsForEvaluation() override { return 0; }

 private:
  std::shared_ptr<SequentialImpl> first_;
  std::shared_ptr<ModuleListImpl<ModuleListImpl<SuperInvBottleneckImpl>>> stage_;
  std::shared_ptr<ModuleListImpl<ConvTranspose2dImpl>> deconvRefined_, deconvRaw_;
  std::shared_ptr<ModuleListImpl<SequentialImpl>> deconvBnRelu_;
  std::shared_ptr<ModuleListImpl<SuperSepConv2dImpl>> finalRefined_, finalRaw_;
  std::vector<int64_t> finalChannel_;
  int numDeconvLayers_;
  SuperNetOptions options_;  // the arch is checked against them
  ArchConfig arch_;
};
TORCH_MODULE(SuperLitePose);

}  // namespace posescope::models
