#include "models/litepose.h"

#include "common/errors.h"

namespace posescope::models {

namespace {

/// The backbone both networks share: `first` and the inverted-residual stages.
struct Backbone {
  std::shared_ptr<SequentialImpl> first;
  std::shared_ptr<ModuleListImpl<SequentialImpl>> stage;
  std::vector<int64_t> channel;  // input_channel, then each stage's output channels
};

void checkOptions(const LitePoseOptions& o, bool usesRawPath) {
  const int stages = static_cast<int>(o.arch.backbone.size());
  if (stages < 2)
    throw ModelError("arch backbone_setting has " + std::to_string(stages) +
                     " stages; LitePose needs at least 2");
  if (o.numDeconvLayers < 1)
    throw ModelError("MODEL.EXTRA.NUM_DECONV_LAYERS must be at least 1, got " +
                     std::to_string(o.numDeconvLayers));
  // The raw path and the final layers reach back numDeconvLayers + 2 feature maps.
  if (usesRawPath && o.numDeconvLayers > stages - 1)
    throw ModelError("MODEL.EXTRA.NUM_DECONV_LAYERS is " + std::to_string(o.numDeconvLayers) +
                     " but the arch has only " + std::to_string(stages) +
                     " backbone stages (at most stages - 1 deconvolutions)");
  if (static_cast<int>(o.arch.deconvSetting.size()) < o.numDeconvLayers)
    throw ModelError("arch deconv_setting has " + std::to_string(o.arch.deconvSetting.size()) +
                     " entries but MODEL.EXTRA.NUM_DECONV_LAYERS is " +
                     std::to_string(o.numDeconvLayers));
  if (static_cast<int>(o.deconvKernels.size()) < o.numDeconvLayers)
    throw ModelError("MODEL.EXTRA.NUM_DECONV_KERNELS has fewer entries than NUM_DECONV_LAYERS");
  for (size_t s = 0; s < o.arch.backbone.size(); ++s) {
    const auto& st = o.arch.backbone[s];
    if (static_cast<int>(st.blockSetting.size()) < st.numBlocks)
      throw ModelError("arch backbone_setting[" + std::to_string(s) + "] has num_blocks " +
                       std::to_string(st.numBlocks) + " but only " +
                       std::to_string(st.blockSetting.size()) + " block_setting entries");
  }
}

Backbone buildBackbone(torch::nn::Module& owner, const ArchConfig& arch) {
  Backbone b;
  int64_t inputChannel = makeDivisible8(arch.inputChannel);
  b.first = owner.register_module("first", std::make_shared<SequentialImpl>());
  b.first->push_back(makeConvBnReLU6(3, 32, 3, 2));
  b.first->push_back(makeConvBnReLU6(32, 32, 3, 1, 32));
  b.first->push_back(std::make_shared<Conv2dImpl>(ConvSpec{32, inputChannel, 1, 1, 0, 1, false}));
  b.first->push_back(std::make_shared<BatchNorm2dImpl>(inputChannel));
  b.channel.push_back(inputChannel);
  b.stage = owner.register_module("stage", std::make_shared<ModuleListImpl<SequentialImpl>>());
  for (const auto& st : arch.backbone) {
    const int64_t c = makeDivisible8(st.channel);
    auto layer = std::make_shared<SequentialImpl>();
    for (int i = 0; i < st.numBlocks; ++i) {
      const auto [expansion, kernel] = st.blockSetting[i];
      layer->push_back(std::make_shared<InvBottleneckImpl>(inputChannel, c, i == 0 ? st.stride : 1,
                                                           kernel, expansion));
      inputChannel = c;
    }
    b.stage->push_back(layer);
    b.channel.push_back(c);
  }
  return b;
}

std::shared_ptr<SequentialImpl> bnRelu(int64_t channels) {
  auto seq = std::make_shared<SequentialImpl>();
  seq->push_back(std::make_shared<BatchNorm2dImpl>(channels));
  seq->push_back(std::make_shared<ReLUImpl>());
  return seq;
}

std::shared_ptr<ConvTranspose2dImpl> deconv(int64_t in, int64_t out, int kernel) {
  const auto [padding, outputPadding] = deconvPadding(kernel, "MODEL.EXTRA.NUM_DECONV_KERNELS");
  return std::make_shared<ConvTranspose2dImpl>(in, out, kernel, 2, padding, outputPadding, false);
}

// Python's negative index into a list of n entries.
template <class T>
const T& fromEnd(const std::vector<T>& v, size_t k) {
  return v.at(v.size() - k);
}

std::vector<torch::Tensor> runBackbone(SequentialImpl& first, ModuleListImpl<SequentialImpl>& stage,
                                       const torch::Tensor& x) {
  std::vector<torch::Tensor> xs{first.forward(x)};
  for (size_t i = 0; i < stage.size(); ++i) xs.push_back(stage.at(i)->forward(xs.back()));
  return xs;
}

}  // namespace

LitePoseImpl::LitePoseImpl(const LitePoseOptions& o) : numDeconvLayers_(o.numDeconvLayers) {
  checkOptions(o, true);
  Backbone b = buildBackbone(*this, o.arch);
  first_ = b.first;
  stage_ = b.stage;
  const auto& filters = o.arch.deconvSetting;
  deconvRefined_ =
      register_module("deconv_refined", std::make_shared<ModuleListImpl<ConvTranspose2dImpl>>());
  deconvRaw_ =
      register_module("deconv_raw", std::make_shared<ModuleListImpl<ConvTranspose2dImpl>>());
  deconvBnRelu_ =
      register_module("deconv_bnrelu", std::make_shared<ModuleListImpl<SequentialImpl>>());
  int64_t inplanes = b.channel.back();
  for (int i = 0; i < o.numDeconvLayers; ++i) {
    deconvRefined_->push_back(deconv(inplanes, filters[i], o.deconvKernels[i]));
    deconvRaw_->push_back(deconv(fromEnd(b.channel, i + 2), filters[i], o.deconvKernels[i]));
    deconvBnRelu_->push_back(bnRelu(filters[i]));
    inplanes = filters[i];
  }
  finalRefined_ =
      register_module("final_refined", std::make_shared<ModuleListImpl<SepConv2dImpl>>());
  finalRaw_ = register_module("final_raw", std::make_shared<ModuleListImpl<SepConv2dImpl>>());
  for (int i = 1; i < o.numDeconvLayers; ++i) {
    const int out = o.head.outputChannels(i - 1);
    finalRefined_->push_back(std::make_shared<SepConv2dImpl>(filters[i], out, 5));
    finalRaw_->push_back(std::make_shared<SepConv2dImpl>(fromEnd(b.channel, i + 3), out, 5));
  }
}

std::vector<torch::Tensor> LitePoseImpl::forward(const torch::Tensor& x) {
  const std::vector<torch::Tensor> xs = runBackbone(*first_, *stage_, x);
  std::vector<torch::Tensor> outputs;
  torch::Tensor refined = xs.back();
  torch::Tensor raw = fromEnd(xs, 2);
  for (int i = 0; i < numDeconvLayers_; ++i) {
    const torch::Tensor up = deconvRefined_->at(i)->forward(refined);
    const torch::Tensor upRaw = deconvRaw_->at(i)->forward(raw);
    refined = deconvBnRelu_->at(i)->forward(up + upRaw);
    raw = fromEnd(xs, i + 3);
    if (i > 0)
      outputs.push_back(finalRefined_->at(i - 1)->forward(refined) +
                        finalRaw_->at(i - 1)->forward(raw));
  }
  return outputs;
}

SimpleNetImpl::SimpleNetImpl(const LitePoseOptions& o) : numDeconvLayers_(o.numDeconvLayers) {
  checkOptions(o, false);
  Backbone b = buildBackbone(*this, o.arch);
  first_ = b.first;
  stage_ = b.stage;
  const auto& filters = o.arch.deconvSetting;
  deconvRefined_ =
      register_module("deconv_refined", std::make_shared<ModuleListImpl<ConvTranspose2dImpl>>());
  deconvBnRelu_ =
      register_module("deconv_bnrelu", std::make_shared<ModuleListImpl<SequentialImpl>>());
  int64_t inplanes = b.channel.back();
  for (int i = 0; i < o.numDeconvLayers; ++i) {
    deconvRefined_->push_back(deconv(inplanes, filters[i], o.deconvKernels[i]));
    deconvBnRelu_->push_back(bnRelu(filters[i]));
    inplanes = filters[i];
  }
  finalRefined_ =
      register_module("final_refined", std::make_shared<ModuleListImpl<SepConv2dImpl>>());
  for (int i = 1; i < o.numDeconvLayers; ++i)
    finalRefined_->push_back(
        std::make_shared<SepConv2dImpl>(filters[i], o.head.outputChannels(i - 1), 5));
}

std::vector<torch::Tensor> SimpleNetImpl::forward(const torch::Tensor& x) {
  const std::vector<torch::Tensor> xs = runBackbone(*first_, *stage_, x);
  std::vector<torch::Tensor> outputs;
  torch::Tensor refined = xs.back();
  for (int i = 0; i < numDeconvLayers_; ++i) {
    refined = deconvBnRelu_->at(i)->forward(deconvRefined_->at(i)->forward(refined));
    if (i > 0) outputs.push_back(finalRefined_->at(i - 1)->forward(refined));
  }
  return outputs;
}

}  // namespace posescope::models
