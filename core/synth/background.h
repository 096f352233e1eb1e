#pragma once
// Varied backgrounds for the synthetic dataset: gradients, smooth noise and clutter shapes.

#include <opencv2/core/mat.hpp>

#include "synth/synth_random.h"

namespace posescope::synth {

/// A width x height CV_8UC3 background (linear or radial gradient or smooth noise, then a few
/// random rectangles, ellipses and lines); never fails for positive sizes.
cv::Mat drawBackground(SynthRng& rng, int width, int height);

/// Adds per-pixel Gaussian noise of standard deviation `sigma` (seeded, deterministic).
void addNoise(cv::Mat& image, SynthRng& rng, double sigma);

}  // namespace posescope::synth
