#pragma once
// Leaf layers whose parameters and buffers carry the names PyTorch's nn.Conv2d, nn.BatchNorm2d, ...
// give them, plus the containers the networks are assembled from. Every leaf reports its output
// size, parameters and multiply-adds to an active SummaryScope (the model summary's hooks).

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <torch/nn/module.h>
#include <torch/nn/pimpl.h>
#include <torch/types.h>

namespace posescope::models {

/// Kind of leaf layer a summary line describes.
enum class LayerKind { Conv, Deconv, BatchNorm, Activation, Upsample, Linear };

/// One leaf layer's contribution to a forward pass.
struct LayerRecord {
  const torch::nn::Module* module = nullptr;
  LayerKind kind = LayerKind::Conv;
  std::vector<int64_t> outputSize;
  int64_t parameters = 0;        // parameters the call used (sliced ones for a supernet)
  int64_t multiplyAdds = 0;      // multiply-adds of the call as ptflops counts them
  int64_t convMultiplyAdds = 0;  // its convolution multiply-adds (models/layer_cost.h)
  bool weightTransform = false;  // a supernet's kernel transform, not part of the sub-network
};

/// While alive, collects the LayerRecords of forward passes run on this thread; scopes nest.
class SummaryScope {
 public:
  SummaryScope();
  ~SummaryScope();
  SummaryScope(const SummaryScope&) = delete;
  SummaryScope& operator=(const SummaryScope&) = delete;
  /// Records collected so far, in call order.
  const std::vector<LayerRecord>& records() const { return records_; }

 private:
  friend void recordLayer(LayerRecord record);
  std::vector<LayerRecord> records_;
  SummaryScope* previous_;
};

/// Adds a record to this thread's innermost SummaryScope; does nothing without one.
void recordLayer(LayerRecord record);
/// True when a SummaryScope is alive on this thread (leaves skip the bookkeeping otherwise).
bool summaryActive();

/// A module with one tensor in and one out: what SequentialImpl chains.
class LayerImpl : public torch::nn::Module {
 public:
  virtual torch::Tensor forward(const torch::Tensor& x) = 0;
};

/// Shape of an nn.Conv2d (square kernel, zero padding, dilation 1).
struct ConvSpec {
  int64_t in = 0;
  int64_t out = 0;
  int64_t kernel = 1;
  int64_t stride = 1;
  int64_t padding = 0;
  int64_t groups = 1;
  bool bias = false;
};

/// nn.Conv2d: parameters `weight` [out, in/groups, k, k] and optional `bias`.
class Conv2dImpl : public LayerImpl {
 public:
  explicit Conv2dImpl(const ConvSpec& spec);
  torch::Tensor forward(const torch::Tensor& x) override;
  /// SuperConv2d: convolves with the first `outChannels` filters over the input's channels.
  torch::Tensor forwardSliced(const torch::Tensor& x, int64_t outChannels);
  /// Convolves with a weight derived from this layer's (a supernet's cropped kernel).
  torch::Tensor forwardWith(const torch::Tensor& x, const torch::Tensor& weight,
                            const torch::Tensor& bias, int64_t padding, int64_t groups);
  const ConvSpec& spec() const { return spec_; }
  /// Evaluation only: takes the BatchNorm that follows this convolution into its weight and bias
  /// (W * g / sqrt(var + eps), b' = beta + (b - mean) * g / sqrt(var + eps)), so one convolution
  /// does the work of both; `bn` then passes its input through. Parameters and state_dict are
  /// untouched and summaries (model costs) still see both layers.
  void foldBatchNorm(class BatchNorm2dImpl& bn);
  torch::Tensor weight;
  torch::Tensor bias;

 private:
  ConvSpec spec_;
  torch::Tensor foldedWeight_, foldedBias_;  // set by foldBatchNorm
};
TORCH_MODULE(Conv2d);

/// nn.ConvTranspose2d (stride, padding and output padding as the reference's _get_deconv_cfg).
class ConvTranspose2dImpl : public LayerImpl {
 public:
  ConvTranspose2dImpl(int64_t in, int64_t out, int64_t kernel, int64_t stride, int64_t padding,
                      int64_t outputPadding, bool bias);
  torch::Tensor forward(const torch::Tensor& x) override;
  /// SuperConvTranspose2d: the input's channels, the first `outChannels` outputs.
  torch::Tensor forwardSliced(const torch::Tensor& x, int64_t outChannels);
  torch::Tensor weight;  // [in, out, k, k]
  torch::Tensor bias;

 private:
  torch::Tensor run(const torch::Tensor& x, const torch::Tensor& w, const torch::Tensor& b);
  int64_t stride_, padding_, outputPadding_;
};
TORCH_MODULE(ConvTranspose2d);

/// nn.BatchNorm2d (eps 1e-5) with its four tensors and num_batches_tracked; like the reference's
/// SuperBatchNorm2d it uses the first C channels of its statistics for a C-channel input.
class BatchNorm2dImpl : public LayerImpl {
 public:
  explicit BatchNorm2dImpl(int64_t features);
  torch::Tensor forward(const torch::Tensor& x) override;
  torch::Tensor weight, bias, running_mean, running_var, num_batches_tracked;
  static constexpr double kEps = 1e-5;
  bool foldedIntoConv = false;  // the preceding convolution applies it (Conv2dImpl::foldBatchNorm)
  /// Forward passes seen while recalibrating (BatchNormCalibration); -1 when not recalibrating.
  int calibrationPasses = -1;
};
TORCH_MODULE(BatchNorm2d);

/// nn.ReLU.
class ReLUImpl : public LayerImpl {
 public:
  torch::Tensor forward(const torch::Tensor& x) override;
};
TORCH_MODULE(ReLU);

/// nn.ReLU6.
class ReLU6Impl : public LayerImpl {
 public:
  torch::Tensor forward(const torch::Tensor& x) override;
};
TORCH_MODULE(ReLU6);

/// nn.Upsample(scale_factor, mode='nearest').
class UpsampleNearestImpl : public LayerImpl {
 public:
  explicit UpsampleNearestImpl(int64_t scale) : scale_(scale) {}
  torch::Tensor forward(const torch::Tensor& x) override;

 private:
  int64_t scale_;
};
TORCH_MODULE(UpsampleNearest);

/// nn.Linear: `weight` [out, in], `bias` [out]. `weightTransform` marks a supernet's kernel
/// transform in summaries.
class LinearImpl : public LayerImpl {
 public:
  LinearImpl(int64_t in, int64_t out, bool weightTransform = false);
  torch::Tensor forward(const torch::Tensor& x) override;
  torch::Tensor weight, bias;

 private:
  bool weightTransform_;
};
TORCH_MODULE(Linear);

/// nn.Sequential: children named "0", "1", ... run in order.
class SequentialImpl : public LayerImpl {
 public:
  SequentialImpl() = default;
  /// Appends a layer under the next index.
  void push_back(std::shared_ptr<LayerImpl> layer);
  torch::Tensor forward(const torch::Tensor& x) override;
  size_t size() const { return layers_.size(); }
  /// Folds each BatchNorm that directly follows a convolution of this sequence into it (see
  /// Conv2dImpl::foldBatchNorm); returns how many. Only for sequences run by forward().
  int foldBatchNorms();
  /// The i-th layer as T; throws std::logic_error when it is not a T (a bug, not user input).
  template <class T>
  T& at(size_t i) const {
    auto* p = dynamic_cast<T*>(layers_.at(i).get());
    if (!p) throw std::logic_error("SequentialImpl::at: layer " + std::to_string(i) + " type");
    return *p;
  }

 private:
  std::vector<std::shared_ptr<LayerImpl>> layers_;
};
TORCH_MODULE(Sequential);

/// nn.ModuleList of T: children named by index; a null entry (Python's None) keeps its index
/// but registers nothing, as in PyTorch.
template <class T>
class ModuleListImpl : public torch::nn::Module {
 public:
  /// Appends `item` (may be null) under the next index.
  void push_back(std::shared_ptr<T> item) {
    if (item) register_module(std::to_string(items_.size()), item);
    items_.push_back(std::move(item));
  }
  size_t size() const { return items_.size(); }
  /// The i-th entry, null for None.
  T* at(size_t i) const { return items_.at(i).get(); }

 private:
  std::vector<std::shared_ptr<T>> items_;
};

/// convbnrelu: Conv2d(k, stride, k/2, groups, no bias), BatchNorm2d, ReLU6.
std::shared_ptr<SequentialImpl> makeConvBnReLU6(int64_t in, int64_t out, int64_t kernel,
                                                int64_t stride = 1, int64_t groups = 1);

/// The reference's InvBottleneck: 1x1 expansion, kxk depthwise, 1x1 projection, residual when
/// the stride is 1 and the channels match.
class InvBottleneckImpl : public LayerImpl {
 public:
  InvBottleneckImpl(int64_t in, int64_t out, int64_t stride, int64_t kernel, int64_t expansion);
  torch::Tensor forward(const torch::Tensor& x) override;

 private:
  std::shared_ptr<SequentialImpl> inv_, depthConv_, pointConv_;
  bool residual_;
};
TORCH_MODULE(InvBottleneck);

/// The reference's SepConv2d: depthwise kxk, BatchNorm2d, ReLU, pointwise 1x1 (module `conv`).
class SepConv2dImpl : public LayerImpl {
 public:
  SepConv2dImpl(int64_t in, int64_t out, int64_t kernel);
  torch::Tensor forward(const torch::Tensor& x) override;

 private:
  std::shared_ptr<SequentialImpl> conv_;
};
TORCH_MODULE(SepConv2d);

/// The reference's _make_divisible (MobileNetV2 channel rounding).
int64_t makeDivisible8(double value);

/// (padding, output_padding) of a stride-2 deconvolution with this kernel, as the reference's
/// _get_deconv_cfg; throws ModelError naming `key` for kernels other than 2, 3 and 4.
std::pair<int64_t, int64_t> deconvPadding(int64_t kernel, const std::string& key);

/// Folds the BatchNorms of every sequence inside `root` (see SequentialImpl::foldBatchNorms), for
/// networks whose sequences all run through SequentialImpl::forward. Returns how many.
int foldSequentialBatchNorms(torch::nn::Module& root);

}  // namespace posescope::models
