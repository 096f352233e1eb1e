#include "analysis/error_profile_comparison.h"

namespace posescope {

double meanApIfFixed(const KeypointAnalysis& analysis, ErrorType error, const std::string& area) {
  double sum = 0;
  int n = 0;
  for (std::size_t t = 0; t < analysis.params.eval.iouThrs.size(); ++t) {
    const ApIfFixed* f = analysis.find(error, area, t);
    if (f && f->ap > -1) {
      sum += f->ap;
      ++n;
    }
  }
  return n ? sum / n : -1;
}

ErrorProfileComparison compareErrorProfiles(const KeypointAnalysis& a, const KeypointAnalysis& b) {
  ErrorProfileComparison out;
  // -1 (nothing to recall in area 'all') when either mean is undefined.
  auto gain = [](const KeypointAnalysis& x, ErrorType e) {
    const ErrorType from = e == ErrorType::FalseNeg ? ErrorType::BackgroundFP : ErrorType::Baseline;
    const double fixed = meanApIfFixed(x, e, "all"), before = meanApIfFixed(x, from, "all");
    return fixed > -1 && before > -1 ? fixed - before : -1.0;
  };
  for (ErrorType e : {ErrorType::Miss, ErrorType::Swap, ErrorType::Inversion, ErrorType::Jitter,
                      ErrorType::Score, ErrorType::BackgroundFP, ErrorType::FalseNeg}) {
    if (!a.find(e, "all", 0) || !b.find(e, "all", 0)) continue;
    out.gains.push_back({e, gain(a, e), gain(b, e)});
  }
  out.labels.resize(std::size(kJointLabels));
  for (std::size_t l = 0; l < out.labels.size(); ++l) {
    for (const auto& joint : a.jointCounts) out.labels[l].a += joint[l];
    for (const auto& joint : b.jointCounts) out.labels[l].b += joint[l];
  }
  if (!a.background.empty() && !b.background.empty()) {
    out.backgroundFalsePositives = {a.background.front().falsePositives.size(),
                                    b.background.front().falsePositives.size()};
    out.falseNegatives = {a.background.front().falseNegatives.size(),
                          b.background.front().falseNegatives.size()};
  }
  return out;
}

}  // namespace posescope
