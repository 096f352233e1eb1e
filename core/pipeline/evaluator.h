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
#include "pipeline/image_maps.h"
#include "pipeline/image_record.h"
#include "pipeline/resume_point.h"
#include "pipeline/run_folder.h"
#include "pipeline/shard.h"

namespace posescope {

/// The most CPU replicas the default makes (EvaluatorOptions::replicaPerCore).
inline constexpr int kMaxDefaultCpuReplicas = 4;

/// How to run an evaluation, beyond the experiment itself.
struct EvaluatorOptions {
  /// "auto" (CUDA device from GPUS when available, else CPU with a notice), "cpu", "cuda:N", or a
  /// list ("cuda:0,cuda:1", "cpu,cpu"): one network replica per entry, images dealt out.
  std::string device = "auto";
  size_t limit = 0;            // evaluate only the first `limit` images (0: all)
  std::vector<size_t> subset;  // evaluate only these dataset indices (empty: all)
  int decodeWorkers = -1;      // -1: min(WORKERS, 2)
  int torchThreads = 0;        // 0: every core
  /// On the CPU without torchThreads: one network replica per core (at most
  /// kMaxDefaultCpuReplicas, sharing the cores beyond), each with its share of the threads.
  /// Off for an evaluator that computes one image at a time (the Inspect page's maps).
  bool replicaPerCore = true;
  std::string outDir;    // run folder; "" writes nothing
  std::string archName;  // name in the metric table; "" uses MODEL.NAME as valid.py
  /// Benchmarks only: run with seeded random weights instead of TEST.MODEL_FILE (said in the log).
  bool randomWeights = false;
  /// Compute metrics at the end of run() (off for benchmarks of repeated images).
  bool computeMetrics = true;
  /// Fold BatchNorms into the convolutions before them (float32 only): same results within float
  /// rounding (the parity tests hold), a shorter forward.
  bool foldBatchNorm = true;
  /// Evaluate only shard K of N of the selected images (after subset / limit) and write a partial
  /// run folder without metrics, for `posescope-cli merge`.
  std::optional<ShardSpec> shard;
  /// Continue the run folder outDir (eval --resume): its records are kept, their images skipped,
  /// and records.jsonl is appended to. The selection (limit, subset) must be the original one.
  std::optional<ResumePoint> resumeFrom;

  /// Throws ConfigError naming the option when it cannot work ("cuda:x", negative workers).
  void validate() const;
};

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

  /// Recomputes one dataset image through the same code path (same numbers as run()).
  ImageMaps computeMaps(size_t datasetIndex);

  size_t datasetSize() const;
  /// Device actually used ("cpu", "cuda:0").
  std::string deviceName() const;
  const RunSummary& summaryTemplate() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace posescope
