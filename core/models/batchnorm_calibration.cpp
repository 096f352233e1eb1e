#include "models/batchnorm_calibration.h"

namespace posescope::models {

BatchNormCalibration::BatchNormCalibration(torch::nn::Module& module) {
  for (const auto& m : module.modules(/*include_self=*/true))
    if (auto* bn = dynamic_cast<BatchNorm2dImpl*>(m.get())) {
      bn->calibrationPasses = 0;
      batchNorms_.push_back(bn);
    }
}

BatchNormCalibration::~BatchNormCalibration() {
  for (auto* bn : batchNorms_) bn->calibrationPasses = -1;
}

int BatchNormCalibration::passes() const {
  return batchNorms_.empty() ? 0 : batchNorms_.front()->calibrationPasses;
}

}  // namespace posescope::models
