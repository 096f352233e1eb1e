#include "widgets/session/device_choices.h"

#include <torch/cuda.h>

namespace posescope {

QStringList availableDevices() {
  QStringList devices{QStringLiteral("auto"), QStringLiteral("cpu")};
  size_t count = 0;
  try {
    count = torch::cuda::is_available() ? torch::cuda::device_count() : 0;
  } catch (...) {
    count = 0;  // a broken CUDA install is the same as none for the choice list
  }
  for (size_t i = 0; i < count; ++i) devices << QStringLiteral("cuda:%1").arg(i);
  return devices;
}

}  // namespace posescope
