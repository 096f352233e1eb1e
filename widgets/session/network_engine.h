#pragma once
// The GUI's LibTorch half behind an interface: evaluations, the Inspect page's maps, the
// checkpoint check, a network's costs and the CUDA devices. It is built as a module
// (widgets/engine) that the GUI loads on a thread of its own once the window shows, so the window
// never waits for LibTorch (a second or more to load and initialise); the first use waits for
// that load instead. Everything passed across is a plain core value, compiled the same way on
// both sides.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/cancellation.h"
#include "config/experiment.h"
#include "models/stage_costs.h"
#include "pipeline/evaluator.h"
#include "pipeline/evaluator_options.h"
#include "pipeline/image_maps.h"

namespace posescope {

/// One core Evaluator: the network, the dataset and the run (pipeline/evaluator.h).
class NetworkEvaluation {
 public:
  virtual ~NetworkEvaluation() = default;
  /// Evaluator::run.
  virtual EvaluationResult run(EvaluationObserver* observer, const CancellationToken* cancel) = 0;
  /// Evaluator::computeMaps.
  virtual ImageMaps computeMaps(std::size_t datasetIndex) = 0;
};

/// What the arch table shows of a network: valid.py's get_model_summary at INPUT_SIZE, grouped by
/// stage.
struct NetworkCosts {
  StageCosts stages;
  std::int64_t parameters = 0;
  std::int64_t activeParameters = 0;  // a supernet's active subnet
  std::int64_t multiplyAdds = 0;      // ptflops' count (ModelSummary::ptflopsMultiplyAdds)
  std::int64_t inputSize = 0;
};

/// The operations that need LibTorch. Every one may take seconds: call them off the GUI thread.
class NetworkEngine {
 public:
  virtual ~NetworkEngine() = default;
  /// Builds an Evaluator: the network, the strict checkpoint load and the dataset. Throws the
  /// Evaluator's typed errors (ConfigError, ModelError, CheckpointError, DatasetError).
  virtual std::unique_ptr<NetworkEvaluation> openEvaluation(
      const Experiment& experiment, const EvaluatorOptions& options) const = 0;
  /// Builds the network of `experiment` and loads its TEST.MODEL_FILE strictly (a TorchScript
  /// file is loaded as the network), as the Evaluator does: "" when it loads, else what is wrong
  /// (the file and the first mismatching tensor). Never throws.
  virtual std::string checkpointFitError(const Experiment& experiment) const = 0;
  /// Builds the network of `experiment` and sums its layers; throws what building it throws.
  virtual NetworkCosts networkCosts(const Experiment& experiment) const = 0;
  /// The CUDA devices LibTorch sees (0 without CUDA or with a broken CUDA install). Never throws.
  virtual int cudaDeviceCount() const = 0;
};

/// The file name of the engine module (beside the GUI in the build tree, in
/// libexec/posescope when installed).
inline constexpr const char* kNetworkEngineModule = "posescope-network-engine.so";

/// Loads the module from the first of `candidates` that exists and returns its engine (a module
/// loaded before is not loaded again). Throws Error naming the file and the loader's reason when
/// it is not a loadable library or not PoseScope's engine, and every path looked at when none
/// exists.
const NetworkEngine& loadNetworkEngine(const std::vector<std::string>& candidates);

/// The process's engine, loading the module first when no load has started (the calling thread
/// then waits for it: never call it on the GUI thread). Thread-safe. Throws Error naming the
/// module file and the loader's reason when it cannot be loaded, on every call.
const NetworkEngine& networkEngine();

/// Starts loading the engine on a thread of its own and returns at once; idempotent. The GUI calls
/// it once its window is shown.
void startLoadingNetworkEngine();

/// Where the module of an executable in folder `binDir` is looked for, in order:
/// $POSESCOPE_NETWORK_ENGINE (the build's tests set it), `binDir` itself (the build tree), then
/// libexec/posescope beside `binDir` (the installed layout).
std::vector<std::string> networkEngineCandidates(const std::string& binDir);

/// The folder of the running executable ("" when /proc/self/exe is unreadable).
std::string executableFolder();

}  // namespace posescope
