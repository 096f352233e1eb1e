#include <map>
#include <sstream>

#include <torch/csrc/autograd/grad_mode.h>

#include "common/number_text.h"
#include "models/layers.h"
#include "models/pose_net.h"

namespace posescope {

namespace {

std::string sizeText(const std::vector<int64_t>& size) {
  std::string s = "[";
  for (size_t i = 0; i < size.size(); ++i) s += (i ? ", " : "") + std::to_string(size[i]);
  return s + "]";
}

std::string padded(const std::string& s, size_t width) {
  return s.size() >= width ? s + " " : s + std::string(width - s.size(), ' ');
}

}  // namespace

ModelSummary summarizeModel(PoseNet& net, int64_t height, int64_t width) {
  torch::nn::Module& root = net.module();
  std::map<const torch::nn::Module*, std::string> names;
  for (const auto& item : root.named_modules()) names[item.value().get()] = item.key();

  ModelSummary summary;
  for (const auto& p : root.parameters()) summary.totalParameters += p.numel();

  const bool wasTraining = root.is_training();
  root.eval();
  models::SummaryScope scope;
  {
    torch::NoGradGuard noGrad;
    net.forward(torch::zeros({1, 3, height, width}));
  }
  if (wasTraining) root.train();

  std::map<const torch::nn::Module*, int64_t> activeByModule;
  for (const auto& r : scope.records()) {
    LayerSummary line;
    const auto it = names.find(r.module);
    line.name = it == names.end() ? "?" : it->second;
    line.outputSize = r.outputSize;
    line.parameters = r.parameters;
    line.multiplyAdds = r.multiplyAdds;
    summary.layers.push_back(line);
    summary.ptflopsMultiplyAdds += r.multiplyAdds;
    summary.convMultiplyAdds += r.convMultiplyAdds;
    if (!r.weightTransform) {
      int64_t& active = activeByModule[r.module];
      active = std::max(active, r.parameters);
    }
  }
  for (const auto& [module, params] : activeByModule) summary.activeParameters += params;
  // A network without layer records (TorchScript) uses all of its parameters.
  if (scope.records().empty()) summary.activeParameters = summary.totalParameters;
  return summary;
}

std::string formatModelSummary(const ModelSummary& s, bool listLayers) {
  constexpr size_t kWidth = 26;  // get_model_summary's item_length
  std::ostringstream out;
  const std::string rule(kWidth * 4, '-');
  out << "Model Summary\n";
  if (listLayers) {
    out << padded("Name", kWidth + 14) << padded("Output Size", kWidth)
        << padded("Parameters", kWidth) << "Multiply Adds (Flops)\n"
        << rule << "\n";
    for (const auto& l : s.layers)
      out << padded(l.name, kWidth + 14) << padded(sizeText(l.outputSize), kWidth)
          << padded(std::to_string(l.parameters), kWidth) << l.multiplyAdds << "\n";
    out << rule << "\n";
  }
  out << "Total Parameters: " << s.totalParameters << " ("
      << countText(static_cast<double>(s.totalParameters)) << ")\n";
  if (s.activeParameters != s.totalParameters)
    out << "Active Sub-network Parameters: " << s.activeParameters << " ("
        << countText(static_cast<double>(s.activeParameters)) << ")\n";
  out << "Convolution Multiply Adds: " << s.convMultiplyAdds << " ("
      << countText(static_cast<double>(s.convMultiplyAdds), "Mac") << ")\n";
  out << "ptflops Multiply Adds: " << s.ptflopsMultiplyAdds << " ("
      << countText(static_cast<double>(s.ptflopsMultiplyAdds), "Mac") << ", as LitePose reports)\n";
  out << "Number of Layers: " << s.layers.size() << "\n";
  return out.str();
}

}  // namespace posescope
