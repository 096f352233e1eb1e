#pragma once
// Evaluates one sub-network of a LitePose supernet as the search needs it: its weights extracted
// (weight_transfer.py), its BatchNorm statistics re-estimated on calibration images when asked
// (calibrate_test.py's purpose), its AP from a normal evaluation run, its forward latency.

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "checkpoint/checkpoint_reader.h"
#include "config/experiment.h"
#include "search/search_run.h"

namespace posescope::search {

struct CandidateEvaluationSettings {
  ExperimentSpec supernet;            // the supernet's YAML and overrides (pose_supermobilenet)
  std::string checkpoint;             // the supernet's weights
  std::size_t limitImages = 0;        // AP on the first K test images (0: all)
  std::size_t calibrationImages = 0;  // BatchNorm re-estimation images (0: the supernet's stats)
  std::string calibrationSplit;       // dataset split they come from ("": DATASET.TRAIN)
  bool measureLatency = true;
  std::string device = "cpu";
  int threads = 0;  // LibTorch intra-op threads (0: every core)
};

/// Holds the supernet's weights (read once) and measures candidates.
class CandidateEvaluation {
 public:
  /// Loads the experiment and the checkpoint; throws the typed error naming what is wrong.
  explicit CandidateEvaluation(CandidateEvaluationSettings settings);
  ~CandidateEvaluation();

  /// Writes `candidateDir`/arch.json, weights.pth (pose_mobilenet) and run/ (its evaluation),
  /// and returns the run's AP and the median forward latency at batch 1.
  Measurement measure(const ArchConfig& arch, const std::string& candidateDir);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// `supernet` with `arch` as its --superconfig (file `archFile`), loaded as valid.py would.
Experiment supernetExperimentFor(const ExperimentSpec& supernet, const std::string& archFile);

/// Re-estimates the BatchNorm statistics of `weights` (a pose_mobilenet state_dict of
/// `subnetwork`'s arch) on the first `images` images of `split`: each decoded and resized as
/// valid.py resizes at scale 1, normalised, passed once (no augmentation, no flip). Returns the
/// state_dict with only running_mean, running_var and num_batches_tracked changed.
StateDict recalibrateBatchNorms(const Experiment& subnetwork, StateDict weights,
                                const std::string& split, std::size_t images);

}  // namespace posescope::search
