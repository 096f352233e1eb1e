#include "models/optimized_pose_net.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>
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
#include <torch/csrc/jit/passes/shape_analysis.h>
#include <torch/csrc/jit/runtime/interpreter.h>

#include "models/layers.h"

namespace posescope::models {

namespace {

// The check's bound: outputs may move by float rounding (3.6e-7 measured on LitePose-XS's
// heatmaps, tst_models_parity), relative to the outputs' size; a graph that moves them by more
// computes something else (LibTorch 1.13's oneDNN conversion does on HigherHRNet: 0.12).
constexpr double kCheckTolerance = 1e-5;

// Operators whose traced form takes no size from the input it was traced with: a graph made of
// them alone serves every input of its size class. Anything else (an upsampling to a traced
// output size, a narrow, a view) gets a graph per input shape.
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

// Inputs whose heights and widths are equal modulo this (and whose batch and channels are equal)
// form a size class: a network whose total stride divides it pads and crops them alike.
constexpr int64_t kSizeClass = 64;

bool sameSizeClass(const std::vector<int64_t>& a, const std::vector<int64_t>& b) {
  if (a.size() != b.size() || a.size() < 2 || a[0] != b[0] || a[1] != b[1]) return false;
  for (size_t d = 2; d < a.size(); ++d)
    if (a[d] % kSizeClass != b[d] % kSizeClass) return false;
  return true;
}

// The small input of `shape`'s size class: each spatial size's remainder plus `multiple` * 64.
std::vector<int64_t> probeOf(std::vector<int64_t> shape, int64_t multiple) {
  for (size_t d = 2; d < shape.size(); ++d)
    shape[d] = shape[d] % kSizeClass + multiple * kSizeClass;
  return shape;
}

int64_t elements(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (const int64_t s : shape) n *= s;
  return n;
}

// A graph the tracer recorded, the seeded random input it ran on and the eager outputs.
struct Trace {
  std::shared_ptr<torch::jit::Graph> graph;
  torch::Tensor example;
  std::vector<c10::IValue> expected;
};

Trace traceAt(PoseNet& eager, const std::vector<int64_t>& shape) {
  // Traced outside inference mode (the tracer records on ordinary tensors) on a seeded random
  // input, which also checks the graph (random, so that every channel carries signal whatever
  // the images): the network's weights enter it as constants, as torch.jit.freeze makes them.
  const c10::InferenceMode notInference(false);
  torch::NoGradGuard noGrad;
  Trace t;
  t.example =
      at::randn(shape, at::detail::createCPUGenerator(/*seed_val=*/20261203), torch::kFloat);
  auto traced = torch::jit::tracer::trace(
      {t.example},
      [&eager](torch::jit::Stack inputs) -> torch::jit::Stack {
        std::vector<torch::Tensor> outputs = eager.forward(inputs.at(0).toTensor());
        return {
            c10::ivalue::Tuple::create(std::vector<c10::IValue>(outputs.begin(), outputs.end()))};
      },
      [](const torch::autograd::Variable&) { return std::string(); });
  t.expected = traced.second.at(0).toTupleRef().elements().vec();
  t.graph = traced.first->graph;
  torch::jit::EliminateDeadCode(t.graph);
  return t;
}

// The operators and their constants, without the sizes the tracer saw.
std::string withoutSizes(torch::jit::Graph& graph) {
  std::shared_ptr<torch::jit::Graph> copy = graph.copy();
  torch::jit::EraseShapeInformation(copy);
  return copy->toString(/*print_source_locations=*/false);
}

}  // namespace

struct OptimizedPoseNet::Compiled {
  std::vector<int64_t> shape;  // the shape it serves alone, or any of its size class
  bool sizeClass = false;
  std::unique_ptr<torch::jit::Code> code;

  bool serves(const std::vector<int64_t>& input) const {
    return sizeClass ? sameSizeClass(shape, input) : shape == input;
  }
};

OptimizedPoseNet::OptimizedPoseNet(std::shared_ptr<PoseNet> eager) : eager_(std::move(eager)) {
  for (torch::Tensor& p : eager_->module().parameters()) p.requires_grad_(false);
}

OptimizedPoseNet::~OptimizedPoseNet() = default;

std::string OptimizedPoseNet::eagerReason() const {
  const std::lock_guard<std::mutex> lock(mutex_);
  return eagerReason_;
}

OptimizedPoseNet::Compilations OptimizedPoseNet::compilations() const {
  const std::lock_guard<std::mutex> lock(mutex_);
  return compilations_;
}

const OptimizedPoseNet::Compiled* OptimizedPoseNet::compiledFor(const std::vector<int64_t>& shape) {
  const std::lock_guard<std::mutex> lock(mutex_);
  if (!eagerReason_.empty()) return nullptr;
  for (const auto& c : compiled_)
    if (c->serves(shape)) return c.get();
  const auto start = std::chrono::steady_clock::now();
  std::unique_ptr<Compiled> compiled = compile(shape);
  ++compilations_.graphs;
  compilations_.seconds +=
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!compiled) return nullptr;
  if (compiled->sizeClass) ++compilations_.sizeClassGraphs;
  compiled_.push_back(std::move(compiled));
  return compiled_.back().get();
}

std::unique_ptr<OptimizedPoseNet::Compiled> OptimizedPoseNet::compile(
    const std::vector<int64_t>& shape) {
  auto compiled = std::make_unique<Compiled>();
  compiled->shape = shape;
  std::optional<Trace> trace;
  // Two small traces cost a fraction of one at full size (LitePose-XS at 256x352: 0.27 s, at
  // 64x96 and 128x160 together about 0.08 s), and one graph at two sizes took no size from them.
  const std::vector<int64_t> small = probeOf(shape, 1), larger = probeOf(shape, 2);
  if (shape.size() == 4 && elements(larger) < elements(shape)) {
    try {
      Trace first = traceAt(*eager_, small);
      Trace second = traceAt(*eager_, larger);
      if (shapeFree(*second.graph) && withoutSizes(*first.graph) == withoutSizes(*second.graph)) {
        compiled->sizeClass = true;
        trace = std::move(second);
      }
    } catch (const std::exception&) {
      // Too small for this network: traced at the input's own shape below.
    }
  }
  if (!trace) trace = traceAt(*eager_, shape);

  // torch.jit.optimize_for_inference's passes on a frozen graph, in its order.
  std::shared_ptr<torch::jit::Graph> graph = trace->graph;
  torch::jit::OptimizeFrozenGraph(graph, /*optimize_numerics=*/true);
  torch::jit::FuseFrozenConvAddRelu(graph);
  torch::jit::ConvertFrozenOpsToMKLDNN(graph);
  compiled->code = std::make_unique<torch::jit::Code>(graph, "forward");

  const std::vector<torch::Tensor> outputs = run(*compiled->code, trace->example);
  double worst = 0, scale = 1;
  for (size_t k = 0; k < outputs.size() && k < trace->expected.size(); ++k) {
    const torch::Tensor& e = trace->expected[k].toTensor();
    worst = std::max(worst, (outputs[k] - e).abs().max().item<double>());
    scale = std::max(scale, e.abs().max().item<double>());
  }
  if (outputs.size() != trace->expected.size() || !(worst <= kCheckTolerance * scale)) {
    char text[160];
    std::snprintf(text, sizeof text,
                  "PyTorch's inference optimiser moved this network's outputs by %.3g (of %.3g), "
                  "more than float rounding",
                  worst, scale);
    eagerReason_ = text;
    compiled_.clear();
    return nullptr;
  }
  return compiled;
}

std::vector<torch::Tensor> OptimizedPoseNet::forward(const torch::Tensor& input) {
  // Summaries count the eager network's layers (the graph has no modules to record).
  if (summaryActive() || !input.device().is_cpu() || input.scalar_type() != torch::kFloat)
    return eager_->forward(input);
  const Compiled* compiled = compiledFor(input.sizes().vec());
  return compiled ? run(*compiled->code, input) : eager_->forward(input);
}

}  // namespace posescope::models
