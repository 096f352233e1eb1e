#pragma once
// A run on disk: the folder `posescope-cli eval` and the GUI write, and read back without
// recomputing.

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "eval/keypoint_layout.h"
#include "eval/metric_table.h"
#include "pipeline/atomic_file.h"
#include "pipeline/image_record.h"
#include "pipeline/run_inputs.h"
#include "pipeline/run_lock.h"
#include "pipeline/shard.h"

namespace posescope {

/// Where a run stands. run.json names it "running", "complete", "cancelled" or "failed".
/// Interrupted is never written: a reader derives it from "running" when no process holds the
/// folder's lock any more (killed, crashed, power lost); `eval --resume` continues such a run.
enum class RunState { Running, Complete, Cancelled, Failed, Interrupted };

/// The name run.json uses for `state` ("complete", ...). Never fails.
std::string runStateName(RunState state);
/// The state run.json names `name`; throws Error naming it when it is none of the four.
RunState runStateFromName(const std::string& name);

/// State and totals of a run (run.json).
struct RunSummary {
  RunState state = RunState::Running;
  std::string message;  // failure or cancellation detail
  std::string modelName;
  std::string archName;  // arch JSON stem, or MODEL.NAME without one
  std::int64_t parameters = 0;
  std::int64_t multiplyAdds = 0;  // ptflops' count (ModelSummary::ptflopsMultiplyAdds)
  std::string device;
  std::string datasetKind;  // coco | crowd_pose
  std::string annotationFile;
  int categoryId = 1;
  /// The run evaluated only categoryId (`import --category`); else every keypoint category of
  /// the annotation file that shares its layout.
  bool categoryRestricted = false;
  /// Predictions imported from a results file (`posescope-cli import`): no network, no timings.
  bool imported = false;
  size_t imagesTotal = 0;
  size_t imagesDone = 0;
  size_t imagesFailed = 0;
  double wallSeconds = 0;
  std::string startedAt;  // ISO 8601, UTC
  /// The training epoch the checkpoint records (LitePose's checkpoint.pth.tar); unset when the
  /// file is a bare state_dict or the run has no checkpoint.
  std::optional<int> checkpointEpoch;
  std::vector<RunInput> inputs;        // what the run was made from (empty in runs before 0.3)
  std::optional<ShardIdentity> shard;  // set in a shard's partial run folder (eval --shard)
};

/// File names inside a run folder.
namespace runfiles {
inline constexpr const char* kConfig = "config.yaml";
inline constexpr const char* kArch = "arch.json";
inline constexpr const char* kResults = "results.json";
inline constexpr const char* kRecords = "records.jsonl";
inline constexpr const char* kLog = "log.txt";
inline constexpr const char* kSummary = "run.json";
inline constexpr const char* kMetricsJson = "metrics.json";
inline constexpr const char* kMetricsMd = "metrics.md";
inline constexpr const char* kImageEval = "image_eval.jsonl";
inline constexpr const char* kAnalysis = "analysis.json";
/// The joints and OKS sigmas the run is scored with (keypoint_layout.h); absent: the dataset's.
inline constexpr const char* kSkeleton = "skeleton.json";
}  // namespace runfiles

/// Writes a run folder incrementally so a cancelled, killed or crashed run leaves valid files:
/// records are whole lines appended per image, every other file is replaced atomically
/// (atomic_file.h), and the folder's lock (run_lock.h) is held while the writer lives. A failed
/// write throws Error naming the file. Thread-safe.
class RunWriter {
 public:
  /// Creates `dir` (and parents) and locks it; `continueRun` keeps the records already there
  /// (eval --resume) instead of starting them afresh. Throws posescope::Error naming the folder
  /// when it cannot be created or written, or another evaluation is writing it.
  explicit RunWriter(std::string dir, bool continueRun = false);

  const std::string& dir() const { return dir_; }
  void writeText(const std::string& name, const std::string& text);
  void appendLog(const std::string& line);
  void appendRecord(const ImageRecord& record);
  /// results.json in the reference's format (only images with people, dataset order).
  void writeResults(const std::vector<ImageRecord>& records, int categoryId);
  void writeSummary(const RunSummary& summary);
  /// metrics.json (full precision) and metrics.md (valid.py's table, given as text).
  void writeMetrics(const MetricTable& metrics, const std::string& markdown);

 private:
  std::string dir_;
  std::unique_ptr<RunFolderLock> lock_;
  std::mutex mutex_;
  std::unique_ptr<LineAppender> log_;
  std::unique_ptr<LineAppender> records_;
};

/// A run folder read back.
struct LoadedRun {
  std::string dir;
  RunSummary summary;
  std::vector<ImageRecord> records;
  std::string configYaml;
  std::optional<MetricTable> metrics;
  std::string metricsMarkdown;
  std::vector<std::string> notes;  // what was forgiven, e.g. a torn last record line
};

/// Reads a run folder; throws posescope::Error naming the folder or file when it is not a run or
/// a file is malformed (line number for records.jsonl; an unterminated last record line is
/// dropped with a note). A "running" run that nobody writes any more reads as Interrupted.
LoadedRun loadRunFolder(const std::string& dir);

/// How a run's ground truth is scored: the dataset from run.json, skeleton.json when the folder
/// has one (read; throws EvalError naming it when malformed), the category when restricted.
LayoutChoice runLayoutChoice(const std::string& dir, const RunSummary& summary);

std::string summaryToJsonText(const RunSummary& summary);
RunSummary summaryFromJsonText(const std::string& text, const std::string& source);

}  // namespace posescope
