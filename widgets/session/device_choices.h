#pragma once
// The devices a run can be given: "auto", "cpu" and every CUDA device LibTorch sees.

#include <QStringList>

namespace posescope {

/// "auto", "cpu", then "cuda:0" ... "cuda:N-1" for the CUDA devices LibTorch reports; a LibTorch
/// without CUDA (or a machine without a GPU) gives just "auto" and "cpu". Never throws.
QStringList availableDevices();

}  // namespace posescope
