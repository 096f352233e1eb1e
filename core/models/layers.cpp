#include "models/layers.h"

#include <cmath>

#include <ATen/ops/batch_norm.h>
#include <ATen/ops/conv2d.h>
#include <ATen/ops/conv_transpose2d.h>
#include <ATen/ops/hardtanh.h>
#include <ATen/ops/linear.h>
#include <ATen/ops/relu.h>
#include <ATen/ops/upsample_nearest2d.h>

#include "common/errors.h"
#include "models/layer_cost.h"

namespace posescope::models {

namespace {

thread_local SummaryScope* currentScope = nullptr;

torch::Tensor uniformInit(std::vector<int64_t> shape, int64_t fanIn) {
  const double bound = fanIn > 0 ? 1.0 / std::sqrt(static_cast<double>(fanIn)) : 0.0;
  return torch::empty(shape).uniform_(-bound, bound);
}

int64_t numelOf(const torch::Tensor& t) {
  return t.defined() ? t.numel() : 0;
}

void record(const torch::nn::Module* module, LayerKind kind, const torch::Tensor& out,
            int64_t parameters, LayerCost cost, bool weightTransform = false) {
  LayerRecord r;
  r.module = module;
  r.kind = kind;
  r.outputSize = out.sizes().vec();
  r.parameters = parameters;
  r.multiplyAdds = cost.ptflops;
  r.convMultiplyAdds = cost.convolution;
  r.weightTransform = weightTransform;
  recordLayer(std::move(r));
}

}  // namespace

SummaryScope::SummaryScope() : previous_(currentScope) {
  currentScope = this;
}
SummaryScope::~SummaryScope() {
  currentScope = previous_;
}

void recordLayer(LayerRecord record) {
  if (currentScope) currentScope->records_.push_back(std::move(record));
}

bool summaryActive() {
  return currentScope != nullptr;
}

// ---- Conv2d ----

Conv2dImpl::Conv2dImpl(const ConvSpec& spec) : spec_(spec) {
  const int64_t perGroup = spec.in / spec.groups;
  weight = register_parameter("weight", uniformInit({spec.out, perGroup, spec.kernel, spec.kernel},
                                                    perGroup * spec.kernel * spec.kernel));
  if (spec.bias)
    bias =
        register_parameter("bias", uniformInit({spec.out}, perGroup * spec.kernel * spec.kernel));
}

torch::Tensor Conv2dImpl::forward(const torch::Tensor& x) {
  if (foldedWeight_.defined() && !summaryActive())
    return at::conv2d(x, foldedWeight_, foldedBias_, {spec_.stride, spec_.stride},
                      {spec_.padding, spec_.padding}, {1, 1}, spec_.groups);
  return forwardWith(x, weight, bias, spec_.padding, spec_.groups);
}

void Conv2dImpl::foldBatchNorm(BatchNorm2dImpl& bn) {
  torch::NoGradGuard noGrad;
  // In float whatever the storage (under FP16 the BatchNorm stays float), then the conv's type.
  const torch::Tensor scale = bn.weight.to(torch::kFloat) /
                              (bn.running_var.to(torch::kFloat) + BatchNorm2dImpl::kEps).sqrt();
  const torch::Tensor convBias = bias.defined() ? bias.to(torch::kFloat) : torch::zeros_like(scale);
  foldedWeight_ = (weight.to(torch::kFloat) * scale.view({-1, 1, 1, 1})).to(weight.scalar_type());
  foldedBias_ = (bn.bias.to(torch::kFloat) + (convBias - bn.running_mean.to(torch::kFloat)) * scale)
                    .to(weight.scalar_type());
  bn.foldedIntoConv = true;
}

torch::Tensor Conv2dImpl::forwardSliced(const torch::Tensor& x, int64_t outChannels) {
  const torch::Tensor w = weight.narrow(0, 0, outChannels).narrow(1, 0, x.size(1));
  const torch::Tensor b = bias.defined() ? bias.narrow(0, 0, outChannels) : torch::Tensor();
  return forwardWith(x, w, b, spec_.padding, spec_.groups);
}

torch::Tensor Conv2dImpl::forwardWith(const torch::Tensor& x, const torch::Tensor& w,
                                      const torch::Tensor& b, int64_t padding, int64_t groups) {
  torch::Tensor out =
      at::conv2d(x, w, b, {spec_.stride, spec_.stride}, {padding, padding}, {1, 1}, groups);
  if (summaryActive()) {
    // The layer's own bias only: a BatchNorm folded into it is counted as the BatchNorm.
    record(this, LayerKind::Conv, out, w.numel() + numelOf(b),
           convCost(out.numel(), w.size(1), w.size(2) * w.size(3), b.defined()));
  }
  return out;
}

// ---- ConvTranspose2d ----

ConvTranspose2dImpl::ConvTranspose2dImpl(int64_t in, int64_t out, int64_t kernel, int64_t stride,
                                         int64_t padding, int64_t outputPadding, bool withBias)
    : stride_(stride), padding_(padding), outputPadding_(outputPadding) {
  weight =
      register_parameter("weight", uniformInit({in, out, kernel, kernel}, out * kernel * kernel));
  if (withBias) bias = register_parameter("bias", uniformInit({out}, out * kernel * kernel));
}

torch::Tensor ConvTranspose2dImpl::forward(const torch::Tensor& x) {
  return run(x, weight, bias);
}

torch::Tensor ConvTranspose2dImpl::forwardSliced(const torch::Tensor& x, int64_t outChannels) {
  const torch::Tensor w = weight.narrow(0, 0, x.size(1)).narrow(1, 0, outChannels);
  const torch::Tensor b = bias.defined() ? bias.narrow(0, 0, outChannels) : torch::Tensor();
  return run(x, w, b);
}

torch::Tensor ConvTranspose2dImpl::run(const torch::Tensor& x, const torch::Tensor& w,
                                       const torch::Tensor& b) {
  torch::Tensor out = at::conv_transpose2d(x, w, b, {stride_, stride_}, {padding_, padding_},
                                           {outputPadding_, outputPadding_}, 1, {1, 1});
  if (summaryActive()) {
    const int64_t inputPositions = x.size(0) * x.size(2) * x.size(3);
    const int64_t outputPositions = out.size(0) * out.size(2) * out.size(3);
    record(this, LayerKind::Deconv, out, w.numel() + numelOf(b),
           deconvCost(inputPositions, outputPositions, w.size(0), w.size(1), w.size(2) * w.size(3),
                      b.defined()));
  }
  return out;
}

// ---- BatchNorm2d ----

BatchNorm2dImpl::BatchNorm2dImpl(int64_t features) {
  weight = register_parameter("weight", torch::ones({features}));
  bias = register_parameter("bias", torch::zeros({features}));
  running_mean = register_buffer("running_mean", torch::zeros({features}));
  running_var = register_buffer("running_var", torch::ones({features}));
  num_batches_tracked = register_buffer("num_batches_tracked", torch::zeros({}, torch::kLong));
}

torch::Tensor BatchNorm2dImpl::forward(const torch::Tensor& x) {
  if (foldedIntoConv && !summaryActive()) return x;
  const bool calibrating = calibrationPasses >= 0 && !summaryActive();
  const int64_t c = x.size(1);
  const bool full = c == weight.size(0);
  const torch::Tensor w = full ? weight : weight.narrow(0, 0, c);
  const torch::Tensor b = full ? bias : bias.narrow(0, 0, c);
  const torch::Tensor m = full ? running_mean : running_mean.narrow(0, 0, c);
  const torch::Tensor v = full ? running_var : running_var.narrow(0, 0, c);
  // Recalibrating: normalise with the input's own statistics and make the running ones their
  // cumulative average (momentum 1/k on the k-th pass, PyTorch's momentum=None).
  const double momentum = calibrating ? 1.0 / (++calibrationPasses) : 0.1;
  torch::Tensor out =
      at::batch_norm(x, w, b, m, v, calibrating || is_training(), momentum, kEps, true);
  if (calibrating) num_batches_tracked += 1;
  if (summaryActive()) record(this, LayerKind::BatchNorm, out, 2 * c, batchNormCost(out.numel()));
  return out;
}

// ---- activations, upsampling, linear ----

torch::Tensor ReLUImpl::forward(const torch::Tensor& x) {
  torch::Tensor out = at::relu(x);
  if (summaryActive()) record(this, LayerKind::Activation, out, 0, elementwiseCost(out.numel()));
  return out;
}

torch::Tensor ReLU6Impl::forward(const torch::Tensor& x) {
  torch::Tensor out = at::hardtanh(x, 0.0, 6.0);
  if (summaryActive()) record(this, LayerKind::Activation, out, 0, elementwiseCost(out.numel()));
  return out;
}

torch::Tensor UpsampleNearestImpl::forward(const torch::Tensor& x) {
  const double s = static_cast<double>(scale_);
  torch::Tensor out = at::upsample_nearest2d(x, {x.size(2) * scale_, x.size(3) * scale_}, s, s);
  if (summaryActive()) record(this, LayerKind::Upsample, out, 0, elementwiseCost(out.numel()));
  return out;
}

LinearImpl::LinearImpl(int64_t in, int64_t out, bool weightTransform)
    : weightTransform_(weightTransform) {
  weight = register_parameter("weight", uniformInit({out, in}, in));
  bias = register_parameter("bias", uniformInit({out}, in));
}

torch::Tensor LinearImpl::forward(const torch::Tensor& x) {
  torch::Tensor out = at::linear(x, weight, bias);
  if (summaryActive())
    record(this, LayerKind::Linear, out, weight.numel() + bias.numel(),
           linearCost(x.numel(), weight.size(0), bias.defined()), weightTransform_);
  return out;
}

// ---- containers ----

void SequentialImpl::push_back(std::shared_ptr<LayerImpl> layer) {
  register_module(std::to_string(layers_.size()), layer);
  layers_.push_back(std::move(layer));
}

torch::Tensor SequentialImpl::forward(const torch::Tensor& x) {
  torch::Tensor y = x;
  for (const auto& layer : layers_) y = layer->forward(y);
  return y;
}

int SequentialImpl::foldBatchNorms() {
  int folded = 0;
  for (size_t i = 0; i + 1 < layers_.size(); ++i) {
    auto* conv = dynamic_cast<Conv2dImpl*>(layers_[i].get());
    auto* bn = dynamic_cast<BatchNorm2dImpl*>(layers_[i + 1].get());
    if (!conv || !bn || bn->foldedIntoConv || bn->weight.size(0) != conv->weight.size(0)) continue;
    conv->foldBatchNorm(*bn);
    ++folded;
  }
  return folded;
}

int foldSequentialBatchNorms(torch::nn::Module& root) {
  int folded = 0;
  for (const auto& m : root.modules(/*include_self=*/true))
    if (auto* seq = dynamic_cast<SequentialImpl*>(m.get())) folded += seq->foldBatchNorms();
  return folded;
}

// ---- blocks ----

std::shared_ptr<SequentialImpl> makeConvBnReLU6(int64_t in, int64_t out, int64_t kernel,
                                                int64_t stride, int64_t groups) {
  auto seq = std::make_shared<SequentialImpl>();
  seq->push_back(
      std::make_shared<Conv2dImpl>(ConvSpec{in, out, kernel, stride, kernel / 2, groups, false}));
  seq->push_back(std::make_shared<BatchNorm2dImpl>(out));
  seq->push_back(std::make_shared<ReLU6Impl>());
  return seq;
}

InvBottleneckImpl::InvBottleneckImpl(int64_t in, int64_t out, int64_t stride, int64_t kernel,
                                     int64_t expansion)
    : residual_(stride == 1 && in == out) {
  const int64_t mid = makeDivisible8(static_cast<double>(in * expansion));
  inv_ = register_module("inv", makeConvBnReLU6(in, mid, 1));
  depthConv_ = register_module("depth_conv", makeConvBnReLU6(mid, mid, kernel, stride, mid));
  pointConv_ = register_module("point_conv", std::make_shared<SequentialImpl>());
  pointConv_->push_back(std::make_shared<Conv2dImpl>(ConvSpec{mid, out, 1, 1, 0, 1, false}));
  pointConv_->push_back(std::make_shared<BatchNorm2dImpl>(out));
}

torch::Tensor InvBottleneckImpl::forward(const torch::Tensor& x) {
  torch::Tensor out = pointConv_->forward(depthConv_->forward(inv_->forward(x)));
  return residual_ ? out + x : out;
}

SepConv2dImpl::SepConv2dImpl(int64_t in, int64_t out, int64_t kernel) {
  conv_ = register_module("conv", std::make_shared<SequentialImpl>());
  conv_->push_back(
      std::make_shared<Conv2dImpl>(ConvSpec{in, in, kernel, 1, kernel / 2, in, false}));
  conv_->push_back(std::make_shared<BatchNorm2dImpl>(in));
  conv_->push_back(std::make_shared<ReLUImpl>());
  conv_->push_back(std::make_shared<Conv2dImpl>(ConvSpec{in, out, 1, 1, 0, 1, false}));
}

torch::Tensor SepConv2dImpl::forward(const torch::Tensor& x) {
  return conv_->forward(x);
}

int64_t makeDivisible8(double value) {
  constexpr int64_t divisor = 8;
  int64_t v =
      std::max<int64_t>(divisor, static_cast<int64_t>(value + divisor / 2.0) / divisor * divisor);
  if (static_cast<double>(v) < 0.9 * value) v += divisor;
  return v;
}

std::pair<int64_t, int64_t> deconvPadding(int64_t kernel, const std::string& key) {
  switch (kernel) {
    case 4:
      return {1, 0};
    case 3:
      return {1, 1};
    case 2:
      return {0, 0};
    default:
      throw ModelError(key + ": deconvolution kernel " + std::to_string(kernel) +
                       " is not supported (the reference accepts 2, 3 and 4)");
  }
}

}  // namespace posescope::models
