#pragma once
// The training loop of posescope-train: a native network from an experiment, trained with the
// reference's losses and targets on a COCO-layout split, with Adam and a cosine learning rate.

#include <cstdint>
#include <functional>
#include <string>

#include "config/experiment.h"

namespace posescope::train {

/// How to train, beyond the experiment (which gives the network, DATASET.* and LOSS.*).
struct TrainOptions {
  std::string weightsOut;   // state_dict written here (periodically and at the end)
  std::string initWeights;  // optional state_dict to start from ("" = fresh initialisation)
  std::int64_t iterations = 1000;
  int batchSize = 16;             // 0: TRAIN.IMAGES_PER_GPU
  double lr = 0;                  // 0: TRAIN.LR
  double finalLrFraction = 0.05;  // cosine decay to lr * this
  int warmup = 100;               // linear warm-up iterations
  std::uint64_t seed = 1;
  int threads = 2;            // torch intra-op threads
  int checkpointEvery = 200;  // iterations between weight saves (0: only at the end)
  int logEvery = 20;
  std::string split;        // "" = DATASET.TRAIN
  bool maskPadding = true;  // SampleOptions::maskPadding

  /// Throws ConfigError naming the option when it cannot work.
  void validate() const;
};

/// One log line of progress.
using TrainLog = std::function<void(const std::string&)>;

/// Trains and writes the weights; returns the mean loss of the last logEvery iterations. Throws
/// the typed error of the input at fault (ConfigError, ModelError, DatasetError, CheckpointError).
double runTraining(const Experiment& experiment, const TrainOptions& options, const TrainLog& log);

}  // namespace posescope::train
