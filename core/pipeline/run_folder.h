#pragma once
// A run on disk: the folder `posescope-cli eval` and the GUI write, and read back without
// recomputing.

#include <cstdint>
#include <fstream>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "eval/metric_table.h"
#include "pipeline/image_record.h"
#include "pipeline/run_inputs.h"

namespace posescope {

/// Where a run stands. run.json names it "running", "complete", "cancelled" or "failed".
enum class RunState { Running, Complete, Cancelled, Failed };

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
  std::int64_t multiplyAdds = 0;
  std::string device;
  std::string datasetKind;  // coco | crowd_pose
  std::string annotationFile;
  int categoryId = 1;
  size_t imagesTotal = 0;
  size_t imagesDone = 0;
  size_t imagesFailed = 0;
  double wallSeconds = 0;
  std::string startedAt;         // ISO 8601, UTC
  std::vector<RunInput> inputs;  // what the run was made from (empty in runs before 0.3)
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
}  // namespace runfiles

/// Writes a run folder incrementally so a cancelled or crashed run leaves valid files: records
/// are appended and flushed per image, run.json is rewritten atomically. Thread-safe.
class RunWriter {
 public:
  /// Creates `dir` (and parents); throws posescope::Error naming it when that fails.
  explicit RunWriter(std::string dir);

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
  void writeAtomically(const std::string& name, const std::string& text);

  std::string dir_;
  std::mutex mutex_;
  std::ofstream log_;
  std::ofstream records_;
};

/// A run folder read back.
struct LoadedRun {
  std::string dir;
  RunSummary summary;
  std::vector<ImageRecord> records;
  std::string configYaml;
  std::optional<MetricTable> metrics;
  std::string metricsMarkdown;
};

/// Reads a run folder; throws posescope::Error naming the folder or file when it is not a run or
/// a file is malformed (line number for records.jsonl).
LoadedRun loadRunFolder(const std::string& dir);

std::string summaryToJsonText(const RunSummary& summary);
RunSummary summaryFromJsonText(const std::string& text, const std::string& source);

}  // namespace posescope
