#pragma once
// Where the viewer's heatmaps and tag maps come from: an interface (tests inject a fake) and the
// Evaluator-backed implementation for a run folder.

#include <cstddef>
#include <memory>
#include <string>

#include "pipeline/image_maps.h"
#include "widgets/session/network_engine.h"

namespace posescope {

/// Recomputes the maps of one dataset image. Called only on the inspection worker's thread, one
/// call at a time, so implementations need not be thread-safe.
class MapsProvider {
 public:
  virtual ~MapsProvider() = default;
  /// The maps of dataset image `datasetIndex`; throws posescope::Error (or another
  /// std::exception) when they cannot be computed.
  virtual ImageMaps computeMaps(std::size_t datasetIndex) = 0;
};

/// Maps of a run folder's images through a second Evaluator (from the network engine) (not the
/// run's: that one is busy on the evaluation thread during a run), built lazily from the folder's
/// config.yaml (updateConfigApplied) and arch.json on the first request, so opening a run costs
/// nothing.
class EvaluatorMapsProvider : public MapsProvider {
 public:
  /// Remembers `runDir` and the device ("auto", "cpu", "cuda:N"); never fails.
  EvaluatorMapsProvider(std::string runDir, std::string device);
  ~EvaluatorMapsProvider() override;

  /// Builds the Evaluator on the first call (ConfigError, ModelError, CheckpointError or
  /// DatasetError when the run's inputs are gone or wrong; the same error is thrown again on
  /// later calls without retrying), then Evaluator::computeMaps.
  ImageMaps computeMaps(std::size_t datasetIndex) override;

 private:
  std::string runDir_;
  std::string device_;
  std::unique_ptr<NetworkEvaluation> evaluator_;
  std::string buildError_;
};

}  // namespace posescope
