#pragma once
// Two runs side by side: metric table with differences, summaries, timing, per-image deltas.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/error_profile_comparison.h"
#include "analysis/paired_bootstrap.h"
#include "analysis/triage.h"
#include "pipeline/run_folder.h"
#include "report/config_diff.h"
#include "report/image_eval_reader.h"
#include "report/timing_stats.h"

namespace posescope {

struct RunEvaluationInput;

/// The two metric tables and B - A per stat, in the runs' (identical) stat order.
struct MetricComparison {
  std::vector<std::string> names;
  std::vector<double> a, b, delta;
};

/// One run's side of the comparison.
struct RunSide {
  std::string dir;
  std::string label;  // arch name, else model name, else the folder name
  std::string modelName;
  std::string modelLabel;  // runModelLabel: what the run evaluated, or "imported predictions (X)"
  RunState state = RunState::Running;
  std::string device;
  std::string datasetKind;
  std::string annotationFile;
  std::int64_t parameters = 0;
  std::int64_t multiplyAdds = 0;
  std::size_t images = 0;  // records in the run
  std::size_t failed = 0;  // failed records
  double wallSeconds = 0;
  TimingStats timing;
  bool imported = false;  // predictions of `posescope-cli import`: no model, device or timings
};

/// One image in A, B or both (matched by image id); B - A deltas where both values exist.
struct ImageDelta {
  std::int64_t imageId = 0;
  std::string file;
  bool inA = false, inB = false;
  int groundTruthPeople = -1;  // regular people; -1 unknown
  std::size_t peopleA = 0, peopleB = 0;
  std::optional<double> apA, apB, deltaAp;
  std::optional<double> oksA, oksB, deltaOks;
  std::optional<double> msA, msB;  // total ms; nullopt when absent or failed
  std::string errorA, errorB;
};

/// The whole comparison; `images` is sorted by sortImageDeltas(DeltaOrder::Ap).
struct RunComparison {
  RunSide a, b;
  std::optional<MetricComparison> metrics;  // nullopt when either run has no metric table
  std::vector<ImageDelta> images;
  std::vector<std::string> notes;  // e.g. different annotation files, an incomplete run
  /// The settings (config.yaml keys) whose values differ, e.g. TEST.FLIP_TEST True / False.
  std::vector<ConfigDifference> configDifferences;
  /// B - A of every stat with its paired bootstrap interval over images; nullopt until
  /// addSignificance ran (or when it could not: a note says why).
  std::optional<BootstrapComparison> significance;
  /// The two runs' error analyses compared; nullopt like `significance`.
  std::optional<ErrorProfileComparison> errorProfile;
};

/// Which delta orders the per-image list.
enum class DeltaOrder { Ap, Oks };

/// Orders `images` so the images where B loses most come first: by the chosen delta ascending
/// (then the other delta, then image id); images without that delta (in one run only, or no
/// regular person) come last, by the other delta then image id. Never fails.
void sortImageDeltas(std::vector<ImageDelta>& images, DeltaOrder order);

/// Compares two runs with the given per-image evaluations (either may be empty); throws Error
/// naming both folders when both have metric tables with different stat names (e.g. COCO vs
/// CrowdPose).
RunComparison compareRuns(const LoadedRun& a, const RunImageEvaluations& evaluationsA,
                          const LoadedRun& b, const RunImageEvaluations& evaluationsB);

/// Same, reading each run's image_eval.jsonl from its folder (absent: no per-image AP / OKS);
/// throws Error as above, EvalError naming a malformed image_eval.jsonl.
RunComparison compareRuns(const LoadedRun& a, const LoadedRun& b);

/// What addSignificance computes, kept whole for the GUI: the paired bootstrap of every stat and
/// both runs' error analyses (coco-analyze's settings for the dataset) with their triage lists.
struct RunPairAnalysis {
  BootstrapComparison significance;
  KeypointAnalysis a, b;
  Triage triageA, triageB;
};

/// The bootstrap and both analyses from the runs' ground truth and results (read from the
/// folders). Throws Error (naming the file) for a run without results, a missing annotation file
/// or runs on different datasets.
RunPairAnalysis analyzeRunPair(const LoadedRun& a, const LoadedRun& b,
                               const BootstrapOptions& options);
/// Same, from the runs' ground truth and results already read (loadRunEvaluationInput).
RunPairAnalysis analyzeRunPair(const RunEvaluationInput& inA, const RunEvaluationInput& inB,
                               const BootstrapOptions& options);

/// Sets `significance` and `errorProfile` of `comparison` from `pair`. Never fails.
void applyRunPairAnalysis(RunComparison& comparison, const RunPairAnalysis& pair);

/// Adds `significance` and `errorProfile` from both runs' ground truth and results (read from the
/// folders). When they cannot be computed (a run without results, different ground truths, a
/// missing annotation file) a note says why and both stay nullopt; never throws for such runs.
void addSignificance(RunComparison& comparison, const LoadedRun& a, const LoadedRun& b,
                     const BootstrapOptions& options);

/// Markdown: metric table (A, B, B - A; values with three decimals as valid.py), summary table
/// side by side, the settings that differ, and the ten images where B loses most. Runs with
/// equal labels are named by their folders too. Never fails.
std::string formatComparisonMarkdown(const RunComparison& comparison);

/// CSV rows "section,name,a,b,delta" (sections: metric, summary, timing) in round-trip
/// precision. Never fails.
std::string formatComparisonCsv(const RunComparison& comparison);

/// JSON object with a, b (summaries and timing), metrics, images and notes; full precision,
/// unknown values as null. Never fails.
std::string formatComparisonJson(const RunComparison& comparison);

/// One CSV line per image in `images` order: image_id, file, in_a, in_b, gt_people, people_a,
/// people_b, ap_a, ap_b, delta_ap, oks_a, oks_b, delta_oks, ms_a, ms_b, error_a, error_b.
/// Never fails.
std::string formatImageDeltasCsv(const std::vector<ImageDelta>& images);

}  // namespace posescope
