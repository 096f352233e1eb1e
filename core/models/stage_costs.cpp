#include "models/stage_costs.h"

#include <string>

#include "models/pose_net.h"

namespace posescope {

namespace {

// "stage.3.1.inv.0" -> 3; -1 when the name is not under "stage.".
int stageIndexOf(const std::string& name) {
  const std::string prefix = "stage.";
  if (name.rfind(prefix, 0) != 0) return -1;
  const size_t end = name.find('.', prefix.size());
  const std::string digits = name.substr(prefix.size(), end - prefix.size());
  if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos) return -1;
  return std::stoi(digits);
}

void add(GroupCost& to, const LayerSummary& layer) {
  to.parameters += layer.parameters;
  to.multiplyAdds += layer.multiplyAdds;
}

}  // namespace

StageCosts groupStageCosts(const ModelSummary& summary, int numStages) {
  StageCosts costs;
  costs.stages.resize(static_cast<size_t>(std::max(0, numStages)));
  for (const auto& layer : summary.layers) {
    const int stage = stageIndexOf(layer.name);
    if (layer.name == "first" || layer.name.rfind("first.", 0) == 0) {
      add(costs.stem, layer);
    } else if (stage >= 0 && stage < numStages) {
      add(costs.stages[static_cast<size_t>(stage)], layer);
    } else {
      add(costs.head, layer);
    }
    add(costs.total, layer);
  }
  return costs;
}

}  // namespace posescope
