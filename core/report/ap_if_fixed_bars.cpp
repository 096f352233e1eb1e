#include "report/ap_if_fixed_bars.h"

#include "report/analysis_tables.h"

namespace posescope {

std::vector<ApIfFixedBar> apIfFixedBars(const KeypointAnalysis& analysis, const std::string& area,
                                        double oks) {
  static constexpr ErrorType kBarOrder[] = {
      ErrorType::Baseline, ErrorType::Miss,  ErrorType::Swap,         ErrorType::Inversion,
      ErrorType::Jitter,   ErrorType::Score, ErrorType::BackgroundFP, ErrorType::FalseNeg};
  const auto apOf = [&](ErrorType error) { return apIfFixedAt(analysis, error, area, oks); };
  std::vector<ApIfFixedBar> bars;
  for (ErrorType error : kBarOrder) {
    if (!analysis.find(error, area, 0)) continue;  // inversions without flip pairs
    ApIfFixedBar bar;
    bar.error = error;
    bar.fixed = apOf(error);
    bar.from = error == ErrorType::Baseline   ? bar.fixed
               : error == ErrorType::FalseNeg ? apOf(ErrorType::BackgroundFP)
                                              : apOf(ErrorType::Baseline);
    bars.push_back(bar);
  }
  return bars;
}

}  // namespace posescope
