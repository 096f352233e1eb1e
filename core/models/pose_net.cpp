#include "models/pose_net.h"

#include <functional>

#include "common/errors.h"
#include "models/higher_hrnet.h"
#include "models/litepose.h"
#include "models/model_options.h"
#include "models/native_net.h"
#include "models/supernet.h"

namespace posescope {

namespace models {

NativePoseNet::NativePoseNet(std::shared_ptr<PoseModuleImpl> module, std::string name)
    : module_(std::move(module)), name_(std::move(name)) {}

std::vector<torch::Tensor> NativePoseNet::forward(const torch::Tensor& input) {
  const torch::Tensor x = input.to(device_, half_ ? torch::kHalf : torch::kFloat);
  std::vector<torch::Tensor> outputs = module_->forward(x);
  if (half_)
    for (auto& o : outputs) o = o.to(torch::kFloat);
  return outputs;
}

void NativePoseNet::moveTo(const torch::Device& device, bool fp16) {
  convertModule(*module_, device, fp16);
  device_ = device;
  half_ = fp16;
}

void convertModule(torch::nn::Module& module, const torch::Device& device, bool fp16) {
  for (const auto& m : module.modules(/*include_self=*/true)) {
    const bool keepFloat = dynamic_cast<BatchNorm2dImpl*>(m.get()) != nullptr;
    auto convert = [&](torch::Tensor& t) {
      if (!t.defined()) return;
      const bool toHalf = fp16 && !keepFloat && t.is_floating_point();
      const auto dtype =
          toHalf ? torch::kHalf : (t.is_floating_point() ? torch::kFloat : t.scalar_type());
      if (t.device() != device || t.scalar_type() != dtype) t.set_data(t.to(device, dtype));
    };
    for (auto& p : m->named_parameters(/*recurse=*/false)) convert(p.value());
    for (auto& b : m->named_buffers(/*recurse=*/false)) convert(b.value());
  }
}

namespace {

struct Builder {
  const char* name;
  std::function<std::shared_ptr<PoseModuleImpl>(const Experiment&)> build;
};

ArchConfig requireArch(const Experiment& e, const std::string& name) {
  std::optional<ArchConfig> arch = e.effectiveArch();
  if (!arch) throw ModelError(name + " needs an arch (--superconfig) and none was available");
  return *arch;
}

const std::vector<Builder>& builders() {
  static const std::vector<Builder> list = {
      {"pose_mobilenet",
       [](const Experiment& e) -> std::shared_ptr<PoseModuleImpl> {
         return std::make_shared<LitePoseImpl>(
             litePoseOptionsFromConfig(e.cfg, requireArch(e, "pose_mobilenet")));
       }},
      {"pose_supermobilenet",
       [](const Experiment& e) -> std::shared_ptr<PoseModuleImpl> {
         return std::make_shared<SuperLitePoseImpl>(
             superNetOptionsFromConfig(e.cfg, requireArch(e, "pose_supermobilenet")));
       }},
      {"pose_simplenet",
       [](const Experiment& e) -> std::shared_ptr<PoseModuleImpl> {
         return std::make_shared<SimpleNetImpl>(
             litePoseOptionsFromConfig(e.cfg, requireArch(e, "pose_simplenet")));
       }},
      {"pose_higher_hrnet",
       [](const Experiment& e) -> std::shared_ptr<PoseModuleImpl> {
         return std::make_shared<PoseHigherResolutionNetImpl>(higherHrnetOptionsFromConfig(e.cfg));
       }},
  };
  return list;
}

}  // namespace

}  // namespace models

std::vector<std::string> knownModelNames() {
  std::vector<std::string> names;
  for (const auto& b : models::builders()) names.emplace_back(b.name);
  return names;
}

std::shared_ptr<PoseNet> createPoseNet(const Experiment& experiment) {
  const std::string name = experiment.cfg.getString("MODEL.NAME");
  for (const auto& b : models::builders()) {
    if (name != b.name) continue;
    auto module = b.build(experiment);
    module->eval();
    return std::make_shared<models::NativePoseNet>(std::move(module), name);
  }
  std::string known;
  for (const auto& n : knownModelNames()) known += (known.empty() ? "" : ", ") + n;
  const std::string source = experiment.spec.cfgFile.empty() ? "" : experiment.spec.cfgFile + ": ";
  throw ModelError(source + "MODEL.NAME '" + name + "' has no native network; known names: " +
                   known + " (any other network can be run from a TorchScript file)");
}

void moveToDevice(PoseNet& net, const torch::Device& device, bool fp16) {
  if (auto* movable = dynamic_cast<models::MovablePoseNet*>(&net)) {
    movable->moveTo(device, fp16);
    return;
  }
  models::convertModule(net.module(), device, fp16);
}

}  // namespace posescope
