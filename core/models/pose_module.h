#pragma once
// Base of the native networks: a torch module whose forward returns the reference's output list.

#include <vector>

#include <torch/nn/module.h>
#include <torch/types.h>

namespace posescope::models {

/// A network module; forward() returns one tensor per output stage, as the Python forward does.
class PoseModuleImpl : public torch::nn::Module {
 public:
  virtual std::vector<torch::Tensor> forward(const torch::Tensor& x) = 0;
};

}  // namespace posescope::models
