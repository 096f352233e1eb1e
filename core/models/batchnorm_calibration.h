#pragma once
// Re-estimates BatchNorm statistics for a sub-network of a supernet (the reference's
// calibrate_test.py): the supernet's running statistics were gathered over many sub-networks and
// do not fit any one of them.

#include <vector>

#include <torch/nn/module.h>

#include "models/layers.h"

namespace posescope::models {

/// While alive, every BatchNorm of `module` normalises with the statistics of its input and
/// replaces its running mean and variance by the cumulative average, over the forward passes run
/// meanwhile, of each pass's batch mean and unbiased variance (PyTorch's momentum=None), and
/// counts the passes in num_batches_tracked. Nothing else changes; with no pass, nothing does.
/// The reference's calibrate pass differs: it runs the training loader (augmented images) in
/// train mode with BN momentum 0.1, an exponential average weighted towards the last batches.
class BatchNormCalibration {
 public:
  explicit BatchNormCalibration(torch::nn::Module& module);
  ~BatchNormCalibration();
  BatchNormCalibration(const BatchNormCalibration&) = delete;
  BatchNormCalibration& operator=(const BatchNormCalibration&) = delete;

  /// Forward passes seen so far by the first BatchNorm (0 before any).
  int passes() const;

 private:
  std::vector<BatchNorm2dImpl*> batchNorms_;
};

}  // namespace posescope::models
