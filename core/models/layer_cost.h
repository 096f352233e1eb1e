#pragma once
// What one layer costs, counted two ways: its real convolution multiply-adds, and the
// multiply-adds ptflops 0.6.x's hooks give it, which is how LitePose reports its models (the
// README's GMACs and the search budget of arch_search/eff_pred.py). The one place these rules
// live: the built networks' layers (model summary) and the arch alone (search/arch_cost) both
// count with them. Torch-free, so the search and the GUI can use it without LibTorch.

#include <cstdint>

namespace posescope::models {

/// One layer's contribution to a forward pass at the given shapes.
struct LayerCost {
  std::int64_t ptflops = 0;      // ptflops 0.6.x's count (tests/models/goldens hold its totals)
  std::int64_t convolution = 0;  // convolution / deconvolution multiply-adds; 0 for other layers
};

/// nn.Conv2d: every output element takes (input channels per group) x kernel area
/// multiply-adds; ptflops adds one per output element for the bias.
inline LayerCost convCost(std::int64_t outElements, std::int64_t inPerGroup,
                          std::int64_t kernelArea, bool bias) {
  const std::int64_t macs = outElements * inPerGroup * kernelArea;
  return {macs + (bias ? outElements : 0), macs};
}

/// nn.ConvTranspose2d (groups 1): each input position scatters into in x out x kernel area
/// multiply-adds; ptflops 0.6.x counts that per *output* position (stride squared times more).
inline LayerCost deconvCost(std::int64_t inPositions, std::int64_t outPositions,
                            std::int64_t inChannels, std::int64_t outChannels,
                            std::int64_t kernelArea, bool bias) {
  const std::int64_t perPosition = inChannels * outChannels * kernelArea;
  return {outPositions * perPosition + (bias ? outPositions * outChannels : 0),
          inPositions * perPosition};
}

/// nn.BatchNorm2d (affine): two per element.
inline LayerCost batchNormCost(std::int64_t elements) {
  return {2 * elements, 0};
}

/// ReLU, ReLU6 and nearest upsampling: one per output element.
inline LayerCost elementwiseCost(std::int64_t outElements) {
  return {outElements, 0};
}

/// nn.Linear: input elements x output features, plus the output features once for the bias.
inline LayerCost linearCost(std::int64_t inElements, std::int64_t outFeatures, bool bias) {
  return {inElements * outFeatures + (bias ? outFeatures : 0), 0};
}

}  // namespace posescope::models
