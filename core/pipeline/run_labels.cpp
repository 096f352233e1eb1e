#include "pipeline/run_labels.h"

namespace posescope {

std::string runModelLabel(const RunSummary& summary) {
  if (summary.imported) return "imported predictions (" + summary.archName + ")";
  const std::string& model = summary.modelName;
  const std::string& arch = summary.archName;
  if (arch.empty() || arch == model) return model;
  return model.empty() ? arch : model + " / " + arch;
}

std::string runTableName(const RunSummary& summary) {
  return summary.imported || summary.modelName.empty() ? summary.archName : summary.modelName;
}

}  // namespace posescope
