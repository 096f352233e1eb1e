#pragma once
// How to run an evaluation beyond the experiment itself, and the --device list: what the CLI, the
// GUI and a resumed run hand the Evaluator. Free of LibTorch, so the GUI checks and builds them
// before its network engine is loaded.

#include <optional>
#include <string>
#include <vector>

#include "pipeline/resume_point.h"
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
  std::string outDir;  // run folder; "" writes nothing
  /// Whether a run already in outDir may be replaced (eval --overwrite): without it, a folder
  /// holding a run is refused (run_replacement.h); with it, the user's files there are kept when
  /// they still apply, else moved aside, and the log says which.
  bool replaceExistingRun = false;
  /// The metric table's name and the run's arch; "" uses MODEL.NAME in the table as valid.py
  /// does and the arch file's stem (MODEL.NAME without one) as the run's.
  std::string archName;
  /// Benchmarks only: run with seeded random weights instead of TEST.MODEL_FILE (said in the log).
  bool randomWeights = false;
  /// Compute metrics at the end of run() (off for benchmarks of repeated images).
  bool computeMetrics = true;
  /// Fold BatchNorms into the convolutions before them (float32 only): same results within float
  /// rounding (the parity tests hold), a shorter forward.
  bool foldBatchNorm = true;
  /// On the CPU in float32: run each native network through PyTorch's inference optimiser
  /// (models/optimized_pose_net.h; outputs within float rounding, the parity runs' tables
  /// unchanged). False keeps the eager forward (eval --exact), bit for bit the reference's ops.
  bool optimizedForward = true;
  /// Evaluate only shard K of N of the selected images (after subset / limit) and write a partial
  /// run folder without metrics, for `posescope-cli merge`.
  std::optional<ShardSpec> shard;
  /// Continue the run folder outDir (eval --resume): its records are kept, their images skipped,
  /// and records.jsonl is appended to. The selection (limit, subset) must be the original one.
  std::optional<ResumePoint> resumeFrom;

  /// Throws ConfigError naming the option when it cannot work ("cuda:x", negative workers).
  void validate() const;
};

/// The entries of a --device value, one per network replica: "cpu" -> {"cpu"},
/// "cuda:0,cuda:1" -> {"cuda:0", "cuda:1"}, "cpu,cpu" -> two CPU replicas. Throws ConfigError
/// naming the value when an entry is not auto, cpu, cuda or cuda:N, or "auto" is part of a list.
std::vector<std::string> splitDeviceList(const std::string& text);

}  // namespace posescope
