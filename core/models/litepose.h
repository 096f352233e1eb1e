#pragma once
// LitePose (pose_mobilenet) and its single-branch variant (pose_simplenet), built from an arch.

#include <memory>
#include <vector>

#include "models/layers.h"
#include "models/model_options.h"
#include "models/pose_module.h"

namespace posescope::models {

/// pose_mobilenet's LitePose: a MobileNetV2-style backbone from the arch, then deconvolution
/// stages fusing a "refined" and a "raw" path; returns one output per deconvolution after the
/// first. Throws ModelError when the arch and MODEL.EXTRA do not fit together.
class LitePoseImpl : public PoseModuleImpl {
 public:
  explicit LitePoseImpl(const LitePoseOptions& options);
  std::vector<torch::Tensor> forward(const torch::Tensor& x) override;

 private:
  std::shared_ptr<SequentialImpl> first_;
  std::shared_ptr<ModuleListImpl<SequentialImpl>> stage_;
  std::shared_ptr<ModuleListImpl<ConvTranspose2dImpl>> deconvRefined_, deconvRaw_;
  std::shared_ptr<ModuleListImpl<SequentialImpl>> deconvBnRelu_;
  std::shared_ptr<ModuleListImpl<SepConv2dImpl>> finalRefined_, finalRaw_;
  int numDeconvLayers_;
};
TORCH_MODULE(LitePose);

/// pose_simplenet: the same backbone with only the refined deconvolution path.
class SimpleNetImpl : public PoseModuleImpl {
 public:
  explicit SimpleNetImpl(const LitePoseOptions& options);
  std::vector<torch::Tensor> forward(const torch::Tensor& x) override;

 private:
  std::shared_ptr<SequentialImpl> first_;
  std::shared_ptr<ModuleListImpl<SequentialImpl>> stage_;
  std::shared_ptr<ModuleListImpl<ConvTranspose2dImpl>> deconvRefined_;
  std::shared_ptr<ModuleListImpl<SequentialImpl>> deconvBnRelu_;
  std::shared_ptr<ModuleListImpl<SepConv2dImpl>> finalRefined_;
  int numDeconvLayers_;
};
TORCH_MODULE(SimpleNet);

}  // namespace posescope::models
