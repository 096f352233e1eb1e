#pragma once
// A checkpoint sweep's folder (posescope-cli sweep): one run folder per checkpoint and
// sweep.json, which says for each checkpoint its epoch, its stats with their bootstrap
// intervals, and which checkpoint is best and by how much against the second best.

#include <optional>
#include <string>
#include <vector>

namespace posescope {

namespace sweepfiles {
inline constexpr const char* kSummary = "sweep.json";
/// The sweep's experiment (the merged config, as a run folder's), which --resume starts the
/// checkpoints not begun yet from; TEST.MODEL_FILE is each checkpoint's.
inline constexpr const char* kConfig = "config.yaml";
inline constexpr const char* kArch = "arch.json";
}  // namespace sweepfiles

/// One checkpoint of the sweep.
struct SweepCheckpoint {
  std::string checkpoint;     // absolute path
  std::optional<int> epoch;   // the epoch the checkpoint records
  std::string runDir;         // its run folder, relative to the sweep folder
  std::string state;          // the run's state (runStateName), "failed" with `problem` when
                              // the checkpoint could not be evaluated, "pending" before its run
                              // starts; as the sweep last wrote it (a killed sweep leaves
                              // "running": loadRunFolder of runDir says interrupted)
  std::string problem;        // the file and the first mismatching key, or the error
  std::vector<double> stats;  // in SweepSummary::statNames' order; empty without metrics
  std::vector<double> low;    // each stat's percentile bootstrap interval over images
  std::vector<double> high;
};

/// The best checkpoint (by SweepSummary::rankedBy) against the second best: best - second and
/// its paired-bootstrap interval over images (analysis/paired_bootstrap.h).
struct BestVsSecond {
  std::size_t best = 0;  // positions in SweepSummary::checkpoints
  std::size_t second = 0;
  double delta = 0;  // best - second
  double low = 0, high = 0;
  bool significant = false;  // the interval excludes 0
};

struct SweepSummary {
  std::string rankedBy = "AP";  // the stat that names the best checkpoint
  std::vector<std::string> statNames;
  int resamples = 1000;
  unsigned long long seed = 1;
  double level = 0.95;
  std::size_t limit = 0;  // sweep --limit: the first `limit` images of the test set (0: all)
  std::string shard;      // sweep --shard "K/N": every run folder is that shard; "" when whole
  std::vector<SweepCheckpoint> checkpoints;  // epoch order where known, else as given
  std::optional<BestVsSecond> bestVsSecond;  // unset with fewer than two evaluated checkpoints
};

std::string sweepSummaryToJsonText(const SweepSummary& summary);
/// Throws Error naming `source` and the key when the text is not a sweep summary.
SweepSummary sweepSummaryFromJsonText(const std::string& text, const std::string& source);

}  // namespace posescope
