#include "models/supernet.h"

#include "common/errors.h"

namespace posescope::models {

namespace {

// pose_supermobilenet.py's blocks: expansion 6, kernel 7 at most; strides per stage. Widths and
// blocks are SupernetShape's (the reference's by default).
constexpr int64_t kMaxExpansion = 6;
constexpr int64_t kMaxKernel = 7;
constexpr int64_t kStrides[] = {2, 2, 2, 1};

std::shared_ptr<SequentialImpl> convBn(int64_t in, int64_t out, int64_t kernel, int64_t stride,
                                       int64_t groups) {
  auto seq = std::make_shared<SequentialImpl>();
  seq->push_back(
      std::make_shared<Conv2dImpl>(ConvSpec{in, out, kernel, stride, kernel / 2, groups, false}));
  seq->push_back(std::make_shared<BatchNorm2dImpl>(out));
  return seq;
}

void checkArch(const SuperNetOptions& o) {
  const ArchConfig& a = o.searchArch;
  auto fail = [](const std::string& what) {
    throw ModelError("the search arch does not fit the pose_supermobilenet search space: " + what);
  };
  if (o.numDeconvLayers < 1 || o.numDeconvLayers > 3)
    fail("MODEL.EXTRA.NUM_DECONV_LAYERS must be 1 to 3, got " + std::to_string(o.numDeconvLayers));
  const SupernetShape& shape = o.shape;
  if (a.inputChannel < 1 || a.inputChannel > shape.inputChannel)
    fail("input_channel " + std::to_string(a.inputChannel) + " is outside 1.." +
         std::to_string(shape.inputChannel));
  if (a.backbone.size() < std::size(kStrides))
    fail("backbone_setting has " + std::to_string(a.backbone.size()) + " stages, the supernet " +
         std::to_string(std::size(kStrides)));
  int64_t in = a.inputChannel;
  for (size_t s = 0; s < std::size(kStrides); ++s) {
    const auto& st = a.backbone[s];
    const std::string where = "backbone_setting[" + std::to_string(s) + "]";
    if (st.numBlocks < 0 || st.numBlocks > shape.stageBlocks[s])
      fail(where + ".num_blocks " + std::to_string(st.numBlocks) + " exceeds " +
           std::to_string(shape.stageBlocks[s]));
    if (st.channel < 1 || st.channel > shape.stageChannels[s])
      fail(where + ".channel " + std::to_string(st.channel) + " exceeds " +
           std::to_string(shape.stageChannels[s]));
    if (static_cast<int>(st.blockSetting.size()) < st.numBlocks)
      fail(where + ".block_setting has fewer entries than num_blocks");
    int64_t superIn = s == 0 ? shape.inputChannel : shape.stageChannels[s - 1];
    for (int b = 0; b < st.numBlocks; ++b) {
      const auto [t, k] = st.blockSetting[b];
      if (k < 1 || k > kMaxKernel || k % 2 == 0)
        fail(where + ".block_setting[" + std::to_string(b) + "] kernel " + std::to_string(k) +
             " (odd, at most 7)");
      if (t < 1 || in * t > superIn * kMaxExpansion)
        fail(where + ".block_setting[" + std::to_string(b) + "] expansion " + std::to_string(t));
      in = st.channel;
      superIn = shape.stageChannels[s];
    }
  }
  if (static_cast<int>(a.deconvSetting.size()) < o.numDeconvLayers)
    fail("deconv_setting has fewer entries than MODEL.EXTRA.NUM_DECONV_LAYERS");
  for (int i = 0; i < o.numDeconvLayers; ++i)
    if (a.deconvSetting[i] < 1 || a.deconvSetting[i] > o.deconvFilters[i])
      fail("deconv_setting[" + std::to_string(i) + "] " + std::to_string(a.deconvSetting[i]) +
           " exceeds MODEL.EXTRA.NUM_DECONV_FILTERS[" + std::to_string(i) + "] " +
           std::to_string(o.deconvFilters[i]));
}

template <class T>
const T& fromEnd(const std::vector<T>& v, size_t k) {
  return v.at(v.size() - k);
}

}  // namespace

// ---- SuperInvBottleneck ----

SuperInvBottleneckImpl::SuperInvBottleneckImpl(int64_t in, int64_t out, int64_t stride)
    : residual_(stride == 1 && in == out) {
  const int64_t feature = in * kMaxExpansion;
  inv_ = register_module("inv", makeConvBnReLU6(in, feature, 1));
  depthConv_ =
      register_module("depth_conv", makeConvBnReLU6(feature, feature, kMaxKernel, stride, feature));
  pointConv_ = register_module("point_conv", convBn(feature, out, 1, 1, 1));
  linear5_ = register_module("Linear5x5", std::make_shared<LinearImpl>(25, 25, true));
  linear3_ = register_module("Linear3x3", std::make_shared<LinearImpl>(9, 9, true));
}

torch::Tensor SuperInvBottleneckImpl::forward(const torch::Tensor& x, int64_t outChannels,
                                              int64_t kernel, int64_t expansion) {
  const int64_t mid = x.size(1) * expansion;
  torch::Tensor out = inv_->at<Conv2dImpl>(0).forwardSliced(x, mid);
  out = inv_->at<ReLU6Impl>(2).forward(inv_->at<BatchNorm2dImpl>(1).forward(out));

  Conv2dImpl& dw = depthConv_->at<Conv2dImpl>(0);
  out = dw.forwardWith(out, depthwiseWeight(mid, kernel), torch::Tensor(), kernel / 2, mid);
  out = depthConv_->at<ReLU6Impl>(2).forward(depthConv_->at<BatchNorm2dImpl>(1).forward(out));

  out = pointConv_->at<Conv2dImpl>(0).forwardSliced(out, outChannels);
  out = pointConv_->at<BatchNorm2dImpl>(1).forward(out);
  return residual_ ? out + x : out;
}

torch::Tensor SuperInvBottleneckImpl::depthwiseWeight(int64_t mid, int64_t kernel) {
  const Conv2dImpl& dw = depthConv_->at<Conv2dImpl>(0);
  const int64_t offset = kMaxKernel / 2 - kernel / 2;
  torch::Tensor w = dw.weight.narrow(0, 0, mid).narrow(2, offset, kernel).narrow(3, offset, kernel);
  if (kernel == 5 || kernel == 3) {
    LinearImpl& transform = kernel == 5 ? *linear5_ : *linear3_;
    w = transform.forward(w.reshape({w.size(0), w.size(1), -1}))
            .reshape({w.size(0), w.size(1), kernel, kernel});
  }
  return w;
}

// ---- SuperSepConv2d ----

SuperSepConv2dImpl::SuperSepConv2dImpl(int64_t in, int64_t out, int64_t kernel) {
  conv_ = register_module("conv", std::make_shared<SequentialImpl>());
  conv_->push_back(
      std::make_shared<Conv2dImpl>(ConvSpec{in, in, kernel, 1, kernel / 2, in, false}));
  conv_->push_back(std::make_shared<BatchNorm2dImpl>(in));
  conv_->push_back(std::make_shared<ReLUImpl>());
  conv_->push_back(std::make_shared<Conv2dImpl>(ConvSpec{in, out, 1, 1, 0, 1, false}));
}

torch::Tensor SuperSepConv2dImpl::forward(const torch::Tensor& x, int64_t outChannels) {
  const int64_t in = x.size(1);
  Conv2dImpl& dw = conv_->at<Conv2dImpl>(0);
  torch::Tensor out =
      dw.forwardWith(x, dw.weight.narrow(0, 0, in), torch::Tensor(), dw.spec().padding, in);
  out = conv_->at<ReLUImpl>(2).forward(conv_->at<BatchNorm2dImpl>(1).forward(out));
  return conv_->at<Conv2dImpl>(3).forwardSliced(out, outChannels);
}

// ---- SuperLitePose ----

void SuperLitePoseImpl::setSearchArch(const ArchConfig& arch) {
  SuperNetOptions o = options_;
  o.searchArch = arch;
  checkArch(o);
  arch_ = arch;
}

SuperLitePoseImpl::SuperLitePoseImpl(const SuperNetOptions& o)
    : numDeconvLayers_(o.numDeconvLayers), options_(o), arch_(o.searchArch) {
  const int64_t stem = o.shape.inputChannel;
  std::vector<int64_t> channel{stem};
  for (const int c : o.shape.stageChannels) channel.push_back(c);
  checkArch(o);

  first_ = register_module("first", std::make_shared<SequentialImpl>());
  first_->push_back(makeConvBnReLU6(3, 32, 3, 2));
  first_->push_back(makeConvBnReLU6(32, 32, 3, 1, 32));
  first_->push_back(std::make_shared<Conv2dImpl>(ConvSpec{32, stem, 1, 1, 0, 1, false}));
  first_->push_back(std::make_shared<BatchNorm2dImpl>(stem));

  stage_ = register_module(
      "stage", std::make_shared<ModuleListImpl<ModuleListImpl<SuperInvBottleneckImpl>>>());
  int64_t in = stem;
  for (size_t s = 0; s < std::size(kStrides); ++s) {
    auto layer = std::make_shared<ModuleListImpl<SuperInvBottleneckImpl>>();
    for (int64_t b = 0; b < o.shape.stageBlocks[s]; ++b) {
      const int64_t out = o.shape.stageChannels[s];
      layer->push_back(std::make_shared<SuperInvBottleneckImpl>(in, out, b == 0 ? kStrides[s] : 1));
      in = out;
    }
    stage_->push_back(layer);
  }

  deconvRefined_ =
      register_module("deconv_refined", std::make_shared<ModuleListImpl<ConvTranspose2dImpl>>());
  deconvRaw_ =
      register_module("deconv_raw", std::make_shared<ModuleListImpl<ConvTranspose2dImpl>>());
  deconvBnRelu_ =
      register_module("deconv_bnrelu", std::make_shared<ModuleListImpl<SequentialImpl>>());
  int64_t inplanes = channel.back();
  for (int i = 0; i < o.numDeconvLayers; ++i) {
    const auto [padding, outputPadding] =
        deconvPadding(o.deconvKernels[i], "MODEL.EXTRA.NUM_DECONV_KERNELS");
    const int64_t planes = o.deconvFilters[i];
    deconvRefined_->push_back(std::make_shared<ConvTranspose2dImpl>(
        inplanes, planes, o.deconvKernels[i], 2, padding, outputPadding, false));
    deconvRaw_->push_back(std::make_shared<ConvTranspose2dImpl>(
        fromEnd(channel, i + 2), planes, o.deconvKernels[i], 2, padding, outputPadding, false));
    auto bnRelu = std::make_shared<SequentialImpl>();
    bnRelu->push_back(std::make_shared<BatchNorm2dImpl>(planes));
    bnRelu->push_back(std::make_shared<ReLUImpl>());
    deconvBnRelu_->push_back(bnRelu);
    inplanes = planes;
  }

  finalRefined_ =
      register_module("final_refined", std::make_shared<ModuleListImpl<SuperSepConv2dImpl>>());
  finalRaw_ = register_module("final_raw", std::make_shared<ModuleListImpl<SuperSepConv2dImpl>>());
  for (int i = 1; i < o.numDeconvLayers; ++i) {
    const int64_t out = o.head.outputChannels(i - 1);
    finalRefined_->push_back(std::make_shared<SuperSepConv2dImpl>(o.deconvFilters[i], out, 5));
    finalRaw_->push_back(std::make_shared<SuperSepConv2dImpl>(fromEnd(channel, i + 3), out, 5));
    finalChannel_.push_back(out);
  }
}

std::vector<torch::Tensor> SuperLitePoseImpl::forward(const torch::Tensor& x) {
  torch::Tensor y = first_->at<SequentialImpl>(0).forward(x);
  y = first_->at<SequentialImpl>(1).forward(y);
  y = first_->at<Conv2dImpl>(2).forwardSliced(y, arch_.inputChannel);
  y = first_->at<BatchNorm2dImpl>(3).forward(y);
  std::vector<torch::Tensor> xs{y};
  for (size_t s = 0; s < stage_->size(); ++s) {
    const ArchStage& st = arch_.backbone[s];
    torch::Tensor t = xs.back();
    for (int b = 0; b < st.numBlocks; ++b) {
      const auto [expansion, kernel] = st.blockSetting[b];
      t = stage_->at(s)->at(b)->forward(t, st.channel, kernel, expansion);
    }
    xs.push_back(t);
  }
  std::vector<torch::Tensor> outputs;
  torch::Tensor refined = xs.back();
  torch::Tensor raw = fromEnd(xs, 2);
  for (int i = 0; i < numDeconvLayers_; ++i) {
    const int64_t filters = arch_.deconvSetting[i];
    const torch::Tensor up = deconvRefined_->at(i)->forwardSliced(refined, filters);
    const torch::Tensor upRaw = deconvRaw_->at(i)->forwardSliced(raw, filters);
    refined = deconvBnRelu_->at(i)->forward(up + upRaw);
    raw = fromEnd(xs, i + 3);
    if (i > 0)
      outputs.push_back(finalRefined_->at(i - 1)->forward(refined, finalChannel_[i - 1]) +
                        finalRaw_->at(i - 1)->forward(raw, finalChannel_[i - 1]));
  }
  return outputs;
}

}  // namespace posescope::models
