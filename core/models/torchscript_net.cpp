// A TorchScript file (torch.jit.save) as a PoseNet, for networks without a native builder.

#include <torch/script.h>

#include "common/errors.h"
#include "models/native_net.h"

namespace posescope {

namespace {

/// Mirrors a TorchScript module's parameters and buffers into a torch::nn::Module tree (shared
/// tensors), so PoseNet::module() can list and count them.
std::shared_ptr<torch::nn::Module> mirror(const torch::jit::Module& jit, const std::string& name) {
  auto m = std::make_shared<torch::nn::Module>(name);
  for (const auto& p : jit.named_parameters(/*recurse=*/false))
    m->register_parameter(p.name, p.value);
  for (const auto& b : jit.named_buffers(/*recurse=*/false)) m->register_buffer(b.name, b.value);
  for (const auto& c : jit.named_children()) m->register_module(c.name, mirror(c.value, c.name));
  return m;
}

class TorchScriptPoseNet : public models::MovablePoseNet {
 public:
  TorchScriptPoseNet(torch::jit::Module module, std::string name)
      : jit_(std::move(module)), mirror_(mirror(jit_, "TorchScript")), name_(std::move(name)) {
    jit_.eval();
  }

  std::vector<torch::Tensor> forward(const torch::Tensor& input) override {
    const torch::Tensor x = input.to(device_, half_ ? torch::kHalf : torch::kFloat);
    const torch::IValue result = jit_.forward({x});
    std::vector<torch::Tensor> outputs;
    if (result.isTensor()) {
      outputs.push_back(result.toTensor());
    } else if (result.isTensorList()) {
      for (const auto& t : result.toTensorVector()) outputs.push_back(t);
    } else if (result.isList() || result.isTuple()) {
      const auto items =
          result.isList() ? result.toListRef().vec() : result.toTupleRef().elements().vec();
      for (const auto& v : items) {
        if (!v.isTensor())
          throw ModelError("TorchScript network " + name_ +
                           " returned a list with a non-tensor entry");
        outputs.push_back(v.toTensor());
      }
    } else {
      throw ModelError("TorchScript network " + name_ +
                       " must return a tensor or a list/tuple of tensors, got " + result.tagKind());
    }
    if (half_)
      for (auto& o : outputs) o = o.to(torch::kFloat);
    return outputs;
  }

  torch::nn::Module& module() override { return *mirror_; }
  std::string name() const override { return name_; }

  void moveTo(const torch::Device& device, bool fp16) override {
    jit_.to(device);
    if (fp16) {
      jit_.to(torch::kHalf);
      for (const auto& sub : jit_.modules()) {
        const auto type = sub.type()->name();
        if (type && type->name().find("BatchNorm") != std::string::npos) {
          torch::jit::Module copy = sub;
          copy.to(torch::kFloat);
        }
      }
    }
    device_ = device;
    half_ = fp16;
  }

 private:
  torch::jit::Module jit_;
  std::shared_ptr<torch::nn::Module> mirror_;
  std::string name_;
  torch::Device device_{torch::kCPU};
  bool half_ = false;
};

}  // namespace

std::shared_ptr<PoseNet> loadTorchScriptNet(const std::string& path) {
  torch::jit::Module module;
  try {
    module = torch::jit::load(path, torch::kCPU);
  } catch (const c10::Error& e) {
    throw CheckpointError(path + ": not a readable TorchScript file (" +
                          std::string(e.what_without_backtrace()) + ")");
  }
  return std::make_shared<TorchScriptPoseNet>(std::move(module), path);
}

}  // namespace posescope
