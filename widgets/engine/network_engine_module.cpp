// The network engine module: the GUI's LibTorch half (widgets/session/network_engine.h), the core
// Evaluator, checkpoint reader and networks behind the engine interface. The GUI loads this file
// at run time, so its own executable links no LibTorch.

#include <exception>
#include <memory>
#include <string>

#include <torch/cuda.h>

#include "checkpoint/checkpoint_file.h"
#include "checkpoint/checkpoint_reader.h"
#include "models/pose_net.h"
#include "models/stage_costs.h"
#include "pipeline/evaluator.h"
#include "widgets/session/network_engine.h"

namespace posescope {

namespace {

class EvaluatorEvaluation : public NetworkEvaluation {
 public:
  EvaluatorEvaluation(const Experiment& experiment, const EvaluatorOptions& options)
      : evaluator_(experiment, options) {}
  EvaluationResult run(EvaluationObserver* observer, const CancellationToken* cancel) override {
    return evaluator_.run(observer, cancel);
  }
  ImageMaps computeMaps(std::size_t datasetIndex) override {
    return evaluator_.computeMaps(datasetIndex);
  }

 private:
  Evaluator evaluator_;
};

class LibTorchEngine : public NetworkEngine {
 public:
  std::unique_ptr<NetworkEvaluation> openEvaluation(
      const Experiment& experiment, const EvaluatorOptions& options) const override {
    return std::make_unique<EvaluatorEvaluation>(experiment, options);
  }

  std::string checkpointFitError(const Experiment& experiment) const override {
    try {
      const std::string modelFile = experiment.cfg.getString("TEST.MODEL_FILE");
      if (detectCheckpointFormat(modelFile) == CheckpointFormat::TorchScript) {
        loadTorchScriptNet(modelFile);
        return {};
      }
      auto net = createPoseNet(experiment);
      loadStateDictStrict(net->module(), readStateDict(modelFile), modelFile);
      return {};
    } catch (const std::exception& e) {
      return e.what();
    }
  }

  NetworkCosts networkCosts(const Experiment& experiment) const override {
    NetworkCosts costs;
    auto net = createPoseNet(experiment);
    costs.inputSize = experiment.cfg.getInt("DATASET.INPUT_SIZE");
    const ModelSummary summary = summarizeModel(*net, costs.inputSize, costs.inputSize);
    const auto arch = experiment.effectiveArch();
    costs.stages = groupStageCosts(summary, arch ? static_cast<int>(arch->backbone.size()) : 0);
    costs.parameters = summary.totalParameters;
    costs.activeParameters = summary.activeParameters;
    costs.multiplyAdds = summary.ptflopsMultiplyAdds;
    return costs;
  }

  int cudaDeviceCount() const override {
    try {
      return torch::cuda::is_available() ? static_cast<int>(torch::cuda::device_count()) : 0;
    } catch (...) {
      return 0;  // a broken CUDA install is the same as none for the device choices
    }
  }
};

}  // namespace

}  // namespace posescope

// The module's one exported symbol, found by name (widgets/session/network_engine_loader.cpp).
extern "C" __attribute__((visibility("default"))) const posescope::NetworkEngine*
posescope_network_engine() {
  static const posescope::LibTorchEngine engine;
  return &engine;
}
