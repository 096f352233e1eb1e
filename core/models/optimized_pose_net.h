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

  /// The graphs compiled so far, and the seconds their tracing, optimising and checking took.
  struct Compilations {
    int graphs = 0;           // whether checked or not
    int sizeClassGraphs = 0;  // of them, those that serve a whole size class
    double seconds = 0;
  };
  Compilations compilations() const;

  /// Runs the optimised graph. Safe to call from several threads at once (an evaluation's CPU
  /// replicas share one OptimizedPoseNet): a graph is compiled once, while the other callers
  /// wait for it.
  ///
  /// A graph is traced on two small seeded random inputs of the input's size class (height and
  /// width modulo 64, batch and channels equal): when both traces record the same graph of
  /// operators that take no size from their input, that graph serves every input of the class,
  /// compiled for a fraction of a full-size trace. Otherwise the graph is traced at the input's
  /// own shape and serves that shape alone. Either way it is checked against the eager network
  /// on its traced input: when its outputs differ by more than float rounding, the network runs
  /// eagerly from then on (eagerReason() says why). A model summary's forward runs eagerly.
  std::vector<torch::Tensor> forward(const torch::Tensor& input) override;
  torch::nn::Module& module() override { return eager_->module(); }
  std::string name() const override { return eager_->name(); }
  int foldBatchNormsForEvaluation() override { return eager_->foldBatchNormsForEvaluation(); }

 private:
  struct Compiled;
  /// The graph for `shape`, compiled and checked on first use; null once the network is eager.
  const Compiled* compiledFor(const std::vector<int64_t>& shape);
  /// Traces, optimises and checks a graph for `shape`; null when its check fails.
  std::unique_ptr<Compiled> compile(const std::vector<int64_t>& shape);

  std::shared_ptr<PoseNet> eager_;
  mutable std::mutex mutex_;  // held while a graph compiles: the other callers wait for it
  std::vector<std::unique_ptr<Compiled>> compiled_;  // per size class, or per shape
  Compilations compilations_;
  std::string eagerReason_;
};

}  // namespace posescope::models
