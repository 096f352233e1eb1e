#pragma once
// The network interface every bottom-up pose model implements, and the factory by MODEL.NAME.

#include <memory>
#include <string>
#include <vector>

#include <torch/nn/module.h>
#include <torch/types.h>

#include "config/experiment.h"

namespace posescope {

/// A bottom-up pose network. forward() returns the list the Python network returns: one tensor
/// per output stage (heatmaps, plus tags on stages with AE), NCHW.
class PoseNet {
 public:
  virtual ~PoseNet() = default;
  virtual std::vector<torch::Tensor> forward(const torch::Tensor& input) = 0;
  /// The underlying module; parameter/buffer names equal the reference's state_dict keys.
  virtual torch::nn::Module& module() = 0;
  /// MODEL.NAME this network was built for.
  virtual std::string name() const = 0;
  /// Evaluation only: folds BatchNorms into the preceding convolutions (one pass over the data
  /// instead of two); returns how many. Networks that cannot (TorchScript, the supernet) fold none.
  virtual int foldBatchNormsForEvaluation() { return 0; }
};

/// Per-layer line of the model summary (get_model_summary's table).
struct LayerSummary {
  std::string name;
  std::vector<int64_t> outputSize;
  int64_t parameters = 0;
  int64_t multiplyAdds = 0;  // ptflops' count
};

/// Model summary: totals and per-layer lines, computed with a dummy input.
struct ModelSummary {
  int64_t totalParameters = 0;   // every parameter of the module (the supernet's for supernets)
  int64_t activeParameters = 0;  // parameters the active (sub-)network uses
  int64_t convMultiplyAdds = 0;  // convolution + deconvolution multiply-adds
  /// ptflops 0.6.x's count, LitePose's figure (models/layer_cost.h); the layers' lines sum to it.
  int64_t ptflopsMultiplyAdds = 0;
  std::vector<LayerSummary> layers;
};

/// Names the factory knows, in registration order.
std::vector<std::string> knownModelNames();

/// Builds the network for experiment.cfg's MODEL.NAME with experiment.effectiveArch(); throws
/// ModelError listing the known names when MODEL.NAME is unknown.
std::shared_ptr<PoseNet> createPoseNet(const Experiment& experiment);

/// Wraps a TorchScript file (torch.jit.save) as a PoseNet; throws CheckpointError when unreadable.
std::shared_ptr<PoseNet> loadTorchScriptNet(const std::string& path);

/// Moves the network; `fp16` halves it but keeps BatchNorm in float (network_to_half).
void moveToDevice(PoseNet& net, const torch::Device& device, bool fp16);

/// Summary with an input of 1x3xHxW (valid.py uses H = W = DATASET.INPUT_SIZE).
ModelSummary summarizeModel(PoseNet& net, int64_t height, int64_t width);

/// The summary as get_model_summary logs it (per-layer table, then totals).
std::string formatModelSummary(const ModelSummary& summary, bool listLayers = true);

}  // namespace posescope
