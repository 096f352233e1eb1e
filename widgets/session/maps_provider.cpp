#include "widgets/session/maps_provider.h"

#include <filesystem>

#include "common/errors.h"
#include "config/experiment.h"
#include "pipeline/run_folder.h"

namespace posescope {

EvaluatorMapsProvider::EvaluatorMapsProvider(std::string runDir, std::string device)
    : runDir_(std::move(runDir)), device_(std::move(device)) {}

EvaluatorMapsProvider::~EvaluatorMapsProvider() = default;

ImageMaps EvaluatorMapsProvider::computeMaps(std::size_t datasetIndex) {
  if (!evaluator_) {
    if (!buildError_.empty()) throw Error(buildError_);
    try {
      const std::filesystem::path dir(runDir_);
      ExperimentSpec spec;
      spec.cfgFile = (dir / runfiles::kConfig).string();
      const auto arch = dir / runfiles::kArch;
      if (std::filesystem::exists(arch)) spec.archFile = arch.string();
      spec.updateConfigApplied = true;
      EvaluatorOptions options;
      options.device = device_.empty() ? "auto" : device_;
      options.decodeWorkers = 1;       // computeMaps decodes on its own thread anyway
      options.replicaPerCore = false;  // one image at a time, on replica 0
      options.computeMetrics = false;
      evaluator_ = networkEngine().openEvaluation(loadExperiment(spec), options);
    } catch (const std::exception& e) {
      buildError_ = std::string("cannot recompute the maps of run '") + runDir_ + "': " + e.what();
      throw Error(buildError_);
    }
  }
  return evaluator_->computeMaps(datasetIndex);
}

}  // namespace posescope
