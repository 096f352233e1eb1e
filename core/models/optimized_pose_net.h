#pragma once
// The CPU forward PyTorch's own inference optimiser runs (torch.jit.optimize_for_inference), for
// a native network: traced, BatchNorms folded, and every convolution run by oneDNN on its
// blocked layout with weights reordered once, activations staying in that layout from one
// convolution to the next (ReLU6 and residual additions included). Eager LibTorch reorders each
// convolution's weights and activations on every call; on LitePose that is a third of the
// forward (docs/performance.md). Outputs differ from the eager network's by float rounding
// (measured 3.6e-7 on LitePose-XS); a graph whose outputs move more than that on its check is
// not used, and `--exact` keeps the eager forward throughout.

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "models/pose_net.h"

namespace torch::jit {
struct Code;
}

namespace posescope::models {

class OptimizedPoseNet : public PoseNet {
 public:
  /// Wraps an evaluation-only network in eval mode on the CPU, in float32. Its parameters stop
  /// requiring gradients (the trace takes them as constants).
  explicit OptimizedPoseNet(std::shared_ptr<PoseNet> eager);
  ~OptimizedPoseNet() override;

  /// Why forward() runs the eager network, or "" while it runs the optimised graph.
  std::string eagerReason() const;

  /// Runs the optimised graph. The graph is compiled on the first call (or on the first of each
  /// input shape when the trace fixed sizes) and checked on a seeded random input of that shape
  /// against the eager network: when its outputs differ by more than float rounding, the network
  /// runs eagerly from then on (eagerReason() says why). A model summary's forward runs eagerly.
  std::vector<torch::Tensor> forward(const torch::Tensor& input) override;
  torch::nn::Module& module() override { return eager_->module(); }
  std::string name() const override { return eager_->name(); }
  int foldBatchNormsForEvaluation() override { return eager_->foldBatchNormsForEvaluation(); }

 private:
  struct Compiled;
  /// The graph for `shape`, compiled and checked on first use; null once the network is eager.
  const Compiled* compiledFor(const std::vector<int64_t>& shape);

  std::shared_ptr<PoseNet> eager_;
  mutable std::mutex mutex_;
  std::vector<std::unique_ptr<Compiled>> compiled_;  // one, or one per shape (see compiledFor)
  std::string eagerReason_;
};

}  // namespace posescope::models
