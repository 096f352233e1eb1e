#pragma once
// Base of the native networks: a torch module whose forward returns the reference's output list.

#include <vector>

#include <torch/nn/module.h>
#include <torch/types.h>

#include "models/layers.h"

namespace posescope::models {

/// A network module; forward() returns one tensor per output stage, as the Python forward does.
class PoseModuleImpl : public torch::nn::Module {
 public:
  virtual std::vector<torch::Tensor> forward(const torch::Tensor& x) = 0;
  /// Evaluation only: folds BatchNorms into the convolutions before them where that gives the
  /// same outputs (see Conv2dImpl::foldBatchNorm); returns how many.
  virtual int foldBatchNormsForEvaluation() { return foldSequentialBatchNorms(*this); }
};

}  // namespace posescope::models
