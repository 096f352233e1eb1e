#include "models/higher_hrnet.h"

#include <ATen/ops/cat.h>

#include "common/errors.h"

namespace posescope::models {

namespace {

std::shared_ptr<Conv2dImpl> conv(int64_t in, int64_t out, int64_t kernel, int64_t stride,
                                 int64_t padding, bool bias = false) {
  return std::make_shared<Conv2dImpl>(ConvSpec{in, out, kernel, stride, padding, 1, bias});
}

std::shared_ptr<SequentialImpl> sequential(
    std::initializer_list<std::shared_ptr<LayerImpl>> items) {
  auto seq = std::make_shared<SequentialImpl>();
  for (const auto& item : items) seq->push_back(item);
  return seq;
}

int64_t expansionOf(const std::string& block) {
  return block == "BOTTLENECK" ? 4 : 1;
}

std::shared_ptr<LayerImpl> makeBlock(const std::string& block, int64_t in, int64_t planes,
                                     int64_t stride, std::shared_ptr<SequentialImpl> downsample) {
  if (block == "BOTTLENECK")
    return std::make_shared<BottleneckImpl>(in, planes, stride, std::move(downsample));
  return std::make_shared<BasicBlockImpl>(in, planes, stride, std::move(downsample));
}

std::shared_ptr<ModuleListImpl<SequentialImpl>> makeTransition(const std::vector<int64_t>& pre,
                                                               const std::vector<int64_t>& cur) {
  auto list = std::make_shared<ModuleListImpl<SequentialImpl>>();
  for (size_t i = 0; i < cur.size(); ++i) {
    if (i < pre.size()) {
      list->push_back(cur[i] != pre[i] ? sequential({conv(pre[i], cur[i], 3, 1, 1),
                                                     std::make_shared<BatchNorm2dImpl>(cur[i]),
                                                     std::make_shared<ReLUImpl>()})
                                       : nullptr);
      continue;
    }
    auto downs = std::make_shared<SequentialImpl>();
    for (size_t j = 0; j < i + 1 - pre.size(); ++j) {
      const int64_t in = pre.back();
      const int64_t out = j == i - pre.size() ? cur[i] : in;
      downs->push_back(sequential({conv(in, out, 3, 2, 1), std::make_shared<BatchNorm2dImpl>(out),
                                   std::make_shared<ReLUImpl>()}));
    }
    list->push_back(downs);
  }
  return list;
}

}  // namespace

// ---- blocks ----

BasicBlockImpl::BasicBlockImpl(int64_t in, int64_t planes, int64_t stride,
                               std::shared_ptr<SequentialImpl> downsample) {
  conv1_ = register_module("conv1", conv(in, planes, 3, stride, 1));
  bn1_ = register_module("bn1", std::make_shared<BatchNorm2dImpl>(planes));
  relu_ = register_module("relu", std::make_shared<ReLUImpl>());
  conv2_ = register_module("conv2", conv(planes, planes, 3, 1, 1));
  bn2_ = register_module("bn2", std::make_shared<BatchNorm2dImpl>(planes));
  if (downsample) downsample_ = register_module("downsample", std::move(downsample));
}

torch::Tensor BasicBlockImpl::forward(const torch::Tensor& x) {
  torch::Tensor out = relu_->forward(bn1_->forward(conv1_->forward(x)));
  out = bn2_->forward(conv2_->forward(out));
  const torch::Tensor residual = downsample_ ? downsample_->forward(x) : x;
  return relu_->forward(out + residual);
}

BottleneckImpl::BottleneckImpl(int64_t in, int64_t planes, int64_t stride,
                               std::shared_ptr<SequentialImpl> downsample) {
  conv1_ = register_module("conv1", conv(in, planes, 1, 1, 0));
  bn1_ = register_module("bn1", std::make_shared<BatchNorm2dImpl>(planes));
  conv2_ = register_module("conv2", conv(planes, planes, 3, stride, 1));
  bn2_ = register_module("bn2", std::make_shared<BatchNorm2dImpl>(planes));
  conv3_ = register_module("conv3", conv(planes, planes * 4, 1, 1, 0));
  bn3_ = register_module("bn3", std::make_shared<BatchNorm2dImpl>(planes * 4));
  relu_ = register_module("relu", std::make_shared<ReLUImpl>());
  if (downsample) downsample_ = register_module("downsample", std::move(downsample));
}

torch::Tensor BottleneckImpl::forward(const torch::Tensor& x) {
  torch::Tensor out = relu_->forward(bn1_->forward(conv1_->forward(x)));
  out = relu_->forward(bn2_->forward(conv2_->forward(out)));
  out = bn3_->forward(conv3_->forward(out));
  const torch::Tensor residual = downsample_ ? downsample_->forward(x) : x;
  return relu_->forward(out + residual);
}

// ---- HighResolutionModule ----

HighResolutionModuleImpl::HighResolutionModuleImpl(const HrnetStageOptions& stage,
                                                   std::vector<int64_t>& inChannels,
                                                   bool multiScaleOutput, const std::string& where)
    : numBranches_(stage.numBranches) {
  const size_t n = static_cast<size_t>(stage.numBranches);
  if (stage.numBlocks.size() != n || stage.numChannels.size() != n || inChannels.size() != n)
    throw ModelError(where + ": NUM_BRANCHES (" + std::to_string(n) +
                     ") differs from the lengths of NUM_BLOCKS, NUM_CHANNELS or the previous "
                     "stage's branches (" +
                     std::to_string(inChannels.size()) + ")");
  const int64_t expansion = expansionOf(stage.block);
  branches_ = register_module("branches", std::make_shared<ModuleListImpl<SequentialImpl>>());
  for (size_t b = 0; b < n; ++b) {
    const int64_t channels = stage.numChannels[b];
    if (stage.numBlocks[b] == 0) {
      // The reference substitutes a convbnrelu for a branch without blocks.
      branches_->push_back(makeConvBnReLU6(inChannels[b], channels, 3, 1));
      continue;
    }
    std::shared_ptr<SequentialImpl> downsample;
    if (inChannels[b] != channels * expansion)
      downsample = sequential({conv(inChannels[b], channels * expansion, 1, 1, 0),
                               std::make_shared<BatchNorm2dImpl>(channels * expansion)});
    auto blocks = std::make_shared<SequentialImpl>();
    blocks->push_back(makeBlock(stage.block, inChannels[b], channels, 1, downsample));
    inChannels[b] = channels * expansion;
    for (int i = 1; i < stage.numBlocks[b]; ++i)
      blocks->push_back(makeBlock(stage.block, inChannels[b], channels, 1, nullptr));
    branches_->push_back(blocks);
  }
  if (n > 1) {
    fuseLayers_ = register_module(
        "fuse_layers", std::make_shared<ModuleListImpl<ModuleListImpl<SequentialImpl>>>());
    for (size_t i = 0; i < (multiScaleOutput ? n : 1); ++i) {
      auto row = std::make_shared<ModuleListImpl<SequentialImpl>>();
      for (size_t j = 0; j < n; ++j) {
        if (j > i) {
          row->push_back(
              sequential({conv(inChannels[j], inChannels[i], 1, 1, 0),
                          std::make_shared<BatchNorm2dImpl>(inChannels[i]),
                          std::make_shared<UpsampleNearestImpl>(int64_t{1} << (j - i))}));
        } else if (j == i) {
          row->push_back(nullptr);
        } else {
          auto downs = std::make_shared<SequentialImpl>();
          for (size_t k = 0; k < i - j; ++k) {
            const bool last = k == i - j - 1;
            const int64_t out = last ? inChannels[i] : inChannels[j];
            auto step = sequential(
                {conv(inChannels[j], out, 3, 2, 1), std::make_shared<BatchNorm2dImpl>(out)});
            if (!last) step->push_back(std::make_shared<ReLUImpl>());
            downs->push_back(step);
          }
          row->push_back(downs);
        }
      }
      fuseLayers_->push_back(row);
    }
  }
  relu_ = register_module("relu", std::make_shared<ReLUImpl>());
}

std::vector<torch::Tensor> HighResolutionModuleImpl::forward(std::vector<torch::Tensor> x) {
  if (numBranches_ == 1) return {branches_->at(0)->forward(x.at(0))};
  for (int i = 0; i < numBranches_; ++i) x[i] = branches_->at(i)->forward(x[i]);
  std::vector<torch::Tensor> fused;
  for (size_t i = 0; i < fuseLayers_->size(); ++i) {
    auto& row = *fuseLayers_->at(i);
    torch::Tensor y = i == 0 ? x[0] : row.at(0)->forward(x[0]);
    for (int j = 1; j < numBranches_; ++j)
      y = static_cast<size_t>(j) == i ? y + x[j] : y + row.at(j)->forward(x[j]);
    fused.push_back(relu_->forward(y));
  }
  return fused;
}

// ---- PoseHigherResolutionNet ----

PoseHigherResolutionNetImpl::PoseHigherResolutionNetImpl(const HigherHrnetOptions& o)
    : catOutput_(o.catOutput) {
  if (o.stages.size() != 3) throw ModelError("MODEL.EXTRA needs STAGE2, STAGE3 and STAGE4");
  conv1_ = register_module("conv1", conv(3, 64, 3, 2, 1));
  bn1_ = register_module("bn1", std::make_shared<BatchNorm2dImpl>(64));
  conv2_ = register_module("conv2", conv(64, 64, 3, 2, 1));
  bn2_ = register_module("bn2", std::make_shared<BatchNorm2dImpl>(64));
  relu_ = register_module("relu", std::make_shared<ReLUImpl>());

  // layer1: four Bottlenecks from 64 channels to STEM_INPLANES * 4.
  const int64_t stem = o.stemInplanes;
  layer1_ = register_module("layer1", std::make_shared<SequentialImpl>());
  std::shared_ptr<SequentialImpl> downsample;
  if (64 != stem * 4)
    downsample =
        sequential({conv(64, stem * 4, 1, 1, 0), std::make_shared<BatchNorm2dImpl>(stem * 4)});
  layer1_->push_back(std::make_shared<BottleneckImpl>(64, stem, 1, downsample));
  for (int i = 1; i < 4; ++i)
    layer1_->push_back(std::make_shared<BottleneckImpl>(stem * 4, stem, 1, nullptr));

  std::vector<int64_t> pre{stem * 4};
  for (int s = 0; s < 3; ++s) {
    const HrnetStageOptions& st = o.stages[s];
    const std::string where = "MODEL.EXTRA.STAGE" + std::to_string(s + 2);
    if (st.numBranches < 1 || st.numModules < 1)
      throw ModelError(where + ": NUM_BRANCHES and NUM_MODULES must be at least 1");
    std::vector<int64_t> cur;
    for (const int c : st.numChannels) cur.push_back(c * expansionOf(st.block));
    transition_[s] =
        register_module("transition" + std::to_string(s + 1), makeTransition(pre, cur));
    stage_[s] = register_module("stage" + std::to_string(s + 2), std::make_shared<Stage>());
    for (int m = 0; m < st.numModules; ++m) {
      const bool multiScale = !(s == 2 && m == st.numModules - 1);
      stage_[s]->push_back(std::make_shared<HighResolutionModuleImpl>(st, cur, multiScale, where));
    }
    pre = cur;
  }

  // Final layers: one after the HRNet, one per deconvolution.
  const int dimTag = o.head.tagPerJoint ? o.head.numJoints : 1;
  auto outChannels = [&](size_t stage) {
    return o.head.numJoints + (o.head.withAeLoss.at(stage) ? dimTag : 0);
  };
  const int k = o.finalConvKernel;
  const int64_t pad = k == 3 ? 1 : 0;
  finalLayers_ = register_module("final_layers", std::make_shared<ModuleListImpl<Conv2dImpl>>());
  finalLayers_->push_back(conv(pre[0], outChannels(0), k, 1, pad, true));
  for (int i = 0; i < o.numDeconvs; ++i)
    finalLayers_->push_back(conv(o.deconvChannels[i], outChannels(i + 1), k, 1, pad, true));

  deconvLayers_ =
      register_module("deconv_layers", std::make_shared<ModuleListImpl<SequentialImpl>>());
  int64_t in = pre[0];
  for (int i = 0; i < o.numDeconvs; ++i) {
    if (o.catOutput[i]) in += outChannels(i);
    const int64_t out = o.deconvChannels[i];
    const auto [padding, outputPadding] =
        deconvPadding(o.deconvKernels[i], "MODEL.EXTRA.DECONV.KERNEL_SIZE");
    auto layers = std::make_shared<SequentialImpl>();
    layers->push_back(
        sequential({std::make_shared<ConvTranspose2dImpl>(in, out, o.deconvKernels[i], 2, padding,
                                                          outputPadding, false),
                    std::make_shared<BatchNorm2dImpl>(out), std::make_shared<ReLUImpl>()}));
    for (int b = 0; b < o.numBasicBlocks; ++b)
      layers->push_back(sequential({std::make_shared<BasicBlockImpl>(out, out, 1, nullptr)}));
    deconvLayers_->push_back(layers);
    in = out;
  }
}

std::vector<torch::Tensor> PoseHigherResolutionNetImpl::forward(const torch::Tensor& input) {
  torch::Tensor x = relu_->forward(bn1_->forward(conv1_->forward(input)));
  x = relu_->forward(bn2_->forward(conv2_->forward(x)));
  x = layer1_->forward(x);

  std::vector<torch::Tensor> y{x};
  for (int s = 0; s < 3; ++s) {
    std::vector<torch::Tensor> xs;
    for (size_t i = 0; i < transition_[s]->size(); ++i) {
      SequentialImpl* t = transition_[s]->at(i);
      // As the reference: the first transition reads the stem; later ones read the last branch.
      if (t)
        xs.push_back(t->forward(s == 0 ? x : y.back()));
      else
        xs.push_back(s == 0 ? x : y.at(i));
    }
    for (size_t m = 0; m < stage_[s]->size(); ++m) xs = stage_[s]->at(m)->forward(xs);
    y = xs;
  }

  std::vector<torch::Tensor> outputs;
  x = y.at(0);
  torch::Tensor out = finalLayers_->at(0)->forward(x);
  outputs.push_back(out);
  for (size_t i = 0; i < deconvLayers_->size(); ++i) {
    if (catOutput_[i]) x = at::cat({x, out}, 1);
    x = deconvLayers_->at(i)->forward(x);
    out = finalLayers_->at(i + 1)->forward(x);
    outputs.push_back(out);
  }
  return outputs;
}

}  // namespace posescope::models
