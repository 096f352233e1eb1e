#pragma once
// HigherHRNet (pose_higher_hrnet): HRNet stages from MODEL.EXTRA, then deconvolution heads.

#include <memory>
#include <vector>

#include "models/layers.h"
#include "models/model_options.h"
#include "models/pose_module.h"

namespace posescope::models {

/// HRNet's BasicBlock (two 3x3 convolutions, residual, optional `downsample`).
class BasicBlockImpl : public LayerImpl {
 public:
  BasicBlockImpl(int64_t in, int64_t planes, int64_t stride,
                 std::shared_ptr<SequentialImpl> downsample);
  torch::Tensor forward(const torch::Tensor& x) override;

 private:
  std::shared_ptr<Conv2dImpl> conv1_, conv2_;
  std::shared_ptr<BatchNorm2dImpl> bn1_, bn2_;
  std::shared_ptr<ReLUImpl> relu_;
  std::shared_ptr<SequentialImpl> downsample_;
};
TORCH_MODULE(BasicBlock);

/// HRNet's Bottleneck (1x1, 3x3, 1x1 with expansion 4, residual, optional `downsample`).
class BottleneckImpl : public LayerImpl {
 public:
  BottleneckImpl(int64_t in, int64_t planes, int64_t stride,
                 std::shared_ptr<SequentialImpl> downsample);
  torch::Tensor forward(const torch::Tensor& x) override;

 private:
  std::shared_ptr<Conv2dImpl> conv1_, conv2_, conv3_;
  std::shared_ptr<BatchNorm2dImpl> bn1_, bn2_, bn3_;
  std::shared_ptr<ReLUImpl> relu_;
  std::shared_ptr<SequentialImpl> downsample_;
};
TORCH_MODULE(Bottleneck);

/// One multi-resolution module: parallel branches, then fusion across resolutions.
class HighResolutionModuleImpl : public torch::nn::Module {
 public:
  /// `inChannels` is updated to the branches' output channels (get_num_inchannels).
  HighResolutionModuleImpl(const HrnetStageOptions& stage, std::vector<int64_t>& inChannels,
                           bool multiScaleOutput, const std::string& where);
  std::vector<torch::Tensor> forward(std::vector<torch::Tensor> x);

 private:
  int numBranches_;
  std::shared_ptr<ModuleListImpl<SequentialImpl>> branches_;
  std::shared_ptr<ModuleListImpl<ModuleListImpl<SequentialImpl>>> fuseLayers_;
  std::shared_ptr<ReLUImpl> relu_;
};
TORCH_MODULE(HighResolutionModule);

/// The network; throws ModelError when MODEL.EXTRA is inconsistent.
class PoseHigherResolutionNetImpl : public PoseModuleImpl {
 public:
  explicit PoseHigherResolutionNetImpl(const HigherHrnetOptions& options);
  std::vector<torch::Tensor> forward(const torch::Tensor& x) override;

 private:
  using Transition = ModuleListImpl<SequentialImpl>;
  using Stage = ModuleListImpl<HighResolutionModuleImpl>;
  std::shared_ptr<Conv2dImpl> conv1_, conv2_;
  std::shared_ptr<BatchNorm2dImpl> bn1_, bn2_;
  std::shared_ptr<ReLUImpl> relu_;
  std::shared_ptr<SequentialImpl> layer1_;
  std::shared_ptr<Transition> transition_[3];
  std::shared_ptr<Stage> stage_[3];
  std::shared_ptr<ModuleListImpl<Conv2dImpl>> finalLayers_;
  std::shared_ptr<ModuleListImpl<SequentialImpl>> deconvLayers_;
  std::vector<bool> catOutput_;
};
TORCH_MODULE(PoseHigherResolutionNet);

}  // namespace posescope::models
