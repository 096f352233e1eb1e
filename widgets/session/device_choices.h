#pragma once
// The devices a run can be given: "auto", "cpu" and every CUDA device LibTorch sees.

#include <QStringList>

namespace posescope {

/// "auto", "cpu", then "cuda:0" ... "cuda:N-1" for the CUDA devices LibTorch reports; a LibTorch
/// without CUDA (or a machine without a GPU) gives just "auto" and "cpu". Never throws.
QStringList availableDevices();

/// Caps LibTorch's CPU threads at all cores but one for the whole process, so background network
/// work (arch summaries, map recomputation) never starves the GUI thread. Never throws.
void reserveCoreForGui();

}  // namespace posescope
