#pragma once
// Parameters and multiply-adds of a pose_mobilenet sub-network, counted from its arch without
// building it: the search checks its budget for every draw, thousands of times, and the arch
// editor shows them as the user types.

#include <cstdint>

#include "models/model_options.h"

namespace posescope::search {

/// What an arch costs at batch 1 and a square input of `arch.imgSize`.
struct ArchCost {
  std::int64_t parameters = 0;        // learnable parameters (BatchNorm weight and bias included)
  std::int64_t convMultiplyAdds = 0;  // convolutions and deconvolutions
  /// ptflops 0.6.x's count, which the reference's EfficiencyEvaluator and README use:
  /// convolutions, deconvolutions (per output position), BatchNorm (2 per element), ReLU and
  /// ReLU6 (1 per element); models/layer_cost.h, as the model summary counts the built network.
  std::int64_t ptflopsMacs = 0;
  /// ptflops' string figure in GMac (2 decimals) that search.py compares with its constraint.
  double gmacs() const;
};

/// Cost of pose_mobilenet built from `options` (its arch, heads and deconvolution settings) on an
/// input of `height` x `width`. Throws ModelError for an arch the network cannot be built from.
ArchCost poseMobilenetCost(const models::LitePoseOptions& options, int height, int width);

/// Same on the arch's own square input size, as the search measures it.
ArchCost poseMobilenetCost(const models::LitePoseOptions& options);

}  // namespace posescope::search
