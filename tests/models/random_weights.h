#pragma once
// Helpers of the model tests: a network's tensors as a state_dict, and seeded random weights
// with plausible BatchNorm statistics.

#include <torch/csrc/autograd/grad_mode.h>
#include <torch/nn/module.h>

#include "checkpoint/checkpoint_reader.h"

namespace posescope::test {

/// Copies of every parameter, then every buffer, of `m` under their state_dict names.
inline StateDict stateOf(torch::nn::Module& m) {
  StateDict out;
  for (const auto& p : m.named_parameters()) out.emplace_back(p.key(), p.value().detach().clone());
  for (const auto& b : m.named_buffers()) out.emplace_back(b.key(), b.value().detach().clone());
  return out;
}

/// Randomises every parameter and BatchNorm statistic (positive variances) of `m`.
inline void randomise(torch::nn::Module& m) {
  torch::NoGradGuard noGrad;
  for (auto& p : m.named_parameters()) p.value().normal_(0.0, 0.2);
  for (auto& b : m.named_buffers()) {
    if (!b.value().is_floating_point()) continue;
    if (b.key().find("running_var") != std::string::npos)
      b.value().uniform_(0.5, 1.5);
    else
      b.value().normal_(0.0, 0.1);
  }
}

}  // namespace posescope::test
