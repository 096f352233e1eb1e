#pragma once
// The Evaluator: valid.py's loop over a dataset, shared by the CLI, the GUI and the tests.

#include <array>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "common/cancellation.h"
#include "config/experiment.h"
#include "eval/metric_table.h"
#include "pipeline/evaluator_options.h"
#include "pipeline/image_maps.h"
#include "pipeline/image_record.h"
#include "pipeline/run_folder.h"

namespace posescope {

class DecodedImageCache;

/// Receives progress; called on the evaluating thread. Implementations must be quick and must not
/// throw.
class EvaluationObserver {
 public:
  virtual ~EvaluationObserver() = default;
  virtual void onLog(const std::string& /*line*/) {}
  virtual void onStarted(const RunSummary& /*summary*/) {}
  virtual void onImage(const ImageRecord& /*record*/, size_t /*done*/, size_t /*total*/) {}
  virtual void onFinished(const RunSummary& /*summary*/) {}
};

/// What run() returns: the records, the summary and (when complete) the metric table.
struct EvaluationResult {
  RunSummary summary;
  std::vector<ImageRecord> records;
  std::optional<MetricTable> metrics;
  std::string metricsMarkdown;
};

/// Owns the network, the dataset and the run; construct once per experiment.
class Evaluator {
 public:
  /// Builds the network, loads TEST.MODEL_FILE strictly and opens the dataset; throws the typed
  /// error of whichever input is wrong (ConfigError, ModelError, CheckpointError, DatasetError).
  Evaluator(const Experiment& experiment, const EvaluatorOptions& options);
  ~Evaluator();
  Evaluator(const Evaluator&) = delete;
  Evaluator& operator=(const Evaluator&) = delete;

  /// Runs over the dataset (or the options' subset / limit). Checks `cancel` between images and
  /// inside each (before every scale's forward and before grouping): a cancelled run returns
  /// within about one forward pass with state "cancelled", keeping the records of the images it
  /// finished (the image in flight is dropped).
  /// Writes the run folder when options.outDir is set. Throws only for errors that stop the whole
  /// run (the run folder is then marked failed); a bad image is a failed record, not an error.
  EvaluationResult run(EvaluationObserver* observer = nullptr,
                       const CancellationToken* cancel = nullptr);

  /// Decodes run()'s images through `cache` (data/decoded_image_cache.h), shared with the
  /// evaluators of other checkpoints on the same images (posescope-cli sweep): images found there
  /// are not decoded again, those decoded are added while it has room. Numbers do not change.
  void shareImageCache(std::shared_ptr<DecodedImageCache> cache);

  /// Recomputes one dataset image through the same code path (same numbers as run()).
  ImageMaps computeMaps(size_t datasetIndex);

  size_t datasetSize() const;
  /// Device actually used ("cpu", "cuda:0").
  std::string deviceName() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace posescope
