#pragma once
// make-dataset's defaults, apart from the writer (synth_dataset.h needs OpenCV): posescope-cli's
// Torch- and OpenCV-free front end prints them in make-dataset's help.

#include <cstdint>

namespace posescope::synth {

/// The embedded demo's dataset (the one resources/demo/README.md evaluates, the GUI's Help > Open
/// Demo generates): images per split and seed.
inline constexpr int kDefaultSynthImages = 200;
inline constexpr std::uint64_t kDefaultSynthSeed = 1;

}  // namespace posescope::synth
