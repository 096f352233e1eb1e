#include "models/optimized_pose_net.h"

#include <algorithm>
#include <cstdio>
#include <set>

#include <ATen/CPUGeneratorImpl.h>
#include <ATen/core/ivalue.h>
#include <c10/core/InferenceMode.h>
#include <torch/csrc/jit/frontend/tracer.h>
#include <torch/csrc/jit/ir/ir.h>
#include <torch/csrc/jit/passes/dead_code_elimination.h>
#include <torch/csrc/jit/passes/frozen_conv_add_relu_fusion.h>
#include <torch/csrc/jit/passes/frozen_graph_optimizations.h>
#include <torch/csrc/jit/passes/frozen_ops_to_mkldnn.h>
#include <torch/csrc/jit/runtime/interpreter.h>

#include "models/layers.h"

namespace posescope::models {

namespace {

// The check's bound: outputs may move by float rounding (3.6e-7 measured on LitePose-XS's
// heatmaps, tst_models_parity), relative to the outputs' size; a graph that moves them by more
// computes something else (LibTorch 1.13's oneDNN conversion does on HigherHRNet: 0.12).
constexpr double kCheckTolerance = 1e-5;

// Operators whose traced form takes no size from the input it was traced with: a graph made of
// them alone serves every input shape. Anything else (an upsampling to a traced output size, a
// narrow, a view) gets a graph per input shape.
bool shapeFree(const torch::jit::Graph& graph) {
  static const std::set<std::string> kShapeFree = {"prim::Constant",
                                                   "prim::ListConstruct",
                                                   "prim::TupleConstruct",
                                                   "aten::_convolution",
                                                   "aten::conv2d",
                                                   "aten::relu",
                                                   "aten::relu_",
                                                   "aten::hardtanh",
                                                   "aten::hardtanh_",
                                                   "aten::add",
                                                   "aten::add_",
                                                   "aten::batch_norm",
                                                   "aten::cat",
                                                   "aten::to",
                                                   "aten::conv_transpose2d"};
  for (const torch::jit::Node* node : graph.nodes())
    if (!kShapeFree.count(node->kind().toQualString())) return false;
  return true;
}

std::vector<torch::Tensor> run(const torch::jit::Code& code, const torch::Tensor& input) {
  torch::jit::Stack stack{input};
  torch::jit::InterpreterState(code).run(stack);
  std::vector<torch::Tensor> outputs;
  for (const c10::IValue& v : stack.at(0).toTupleRef().elements()) outputs.push_back(v.toTensor());
  return outputs;
}

}  // namespace

struct OptimizedPoseNet::Compiled {
  std::vector<int64_t> shape;  // empty: any input shape
  std::unique_ptr<torch::jit::Code> code;
};

OptimizedPoseNet::OptimizedPoseNet(std::shared_ptr<PoseNet> eager) : eager_(std::move(eager)) {
  for (torch::Tensor& p : eager_->module().parameters()) p.requires_grad_(false);
}

OptimizedPoseNet::~OptimizedPoseNet() = default;

std::string OptimizedPoseNet::eagerReason() const {
  const std::lock_guard<std::mutex> lock(mutex_);
  return eagerReason_;
}

const OptimizedPoseNet::Compiled* OptimizedPoseNet::compiledFor(const std::vector<int64_t>& shape) {
  const std::lock_guard<std::mutex> lock(mutex_);
  if (!eagerReason_.empty()) return nullptr;
  for (const auto& c : compiled_)
    if (c->shape.empty() || c->shape == shape) return c.get();

  // Traced outside inference mode (the tracer records on ordinary tensors) on a seeded random
  // input, which also checks the graph (random, so that every channel carries signal whatever
  // the images): the network's weights enter it as constants, as torch.jit.freeze makes them.
  const c10::InferenceMode notInference(false);
  torch::NoGradGuard noGrad;
  const torch::Tensor example =
      at::randn(shape, at::detail::createCPUGenerator(/*seed_val=*/20261203), torch::kFloat);
  auto traced = torch::jit::tracer::trace(
      {example},
      [this](torch::jit::Stack inputs) -> torch::jit::Stack {
        std::vector<torch::Tensor> outputs = eager_->forward(inputs.at(0).toTensor());
        return {
            c10::ivalue::Tuple::create(std::vector<c10::IValue>(outputs.begin(), outputs.end()))};
      },
      [](const torch::autograd::Variable&) { return std::string(); });
  const std::vector<c10::IValue> expected = traced.second.at(0).toTupleRef().elements().vec();
  std::shared_ptr<torch::jit::Graph> graph = traced.first->graph;
  torch::jit::EliminateDeadCode(graph);
  auto compiled = std::make_unique<Compiled>();
  if (!shapeFree(*graph)) compiled->shape = shape;
  // torch.jit.optimize_for_inference's passes on a frozen graph, in its order.
  torch::jit::OptimizeFrozenGraph(graph, /*optimize_numerics=*/true);
  torch::jit::FuseFrozenConvAddRelu(graph);
  torch::jit::ConvertFrozenOpsToMKLDNN(graph);
  compiled->code = std::make_unique<torch::jit::Code>(graph, "forward");

  const std::vector<torch::Tensor> outputs = run(*compiled->code, example);
  double worst = 0, scale = 1;
  for (size_t k = 0; k < outputs.size() && k < expected.size(); ++k) {
    const torch::Tensor& e = expected[k].toTensor();
    worst = std::max(worst, (outputs[k] - e).abs().max().item<double>());
    scale = std::max(scale, e.abs().max().item<double>());
  }
  if (outputs.size() != expected.size() || !(worst <= kCheckTolerance * scale)) {
    char text[160];
    std::snprintf(text, sizeof text,
                  "PyTorch's inference optimiser moved this network's outputs by %.3g (of %.3g), "
                  "more than float rounding",
                  worst, scale);
    eagerReason_ = text;
    compiled_.clear();
    return nullptr;
  }
  compiled_.push_back(std::move(compiled));
  return compiled_.back().get();
}

std::vector<torch::Tensor> OptimizedPoseNet::forward(const torch::Tensor& input) {
  // Summaries count the eager network's layers (the graph has no modules to record).
  if (summaryActive() || !input.device().is_cpu() || input.scalar_type() != torch::kFloat)
    return eager_->forward(input);
  const Compiled* compiled = compiledFor(input.sizes().vec());
  return compiled ? run(*compiled->code, input) : eager_->forward(input);
}

}  // namespace posescope::models
