#include "analysis/histogram.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "common/errors.h"

namespace posescope {

EqualWidthHistogram equalWidthHistogram(double lo, double hi, std::size_t bins) {
  if (bins == 0) throw EvalError("a histogram needs at least one bin");
  if (!(std::isfinite(lo) && std::isfinite(hi) && hi > lo)) {
    throw EvalError("a histogram's range [" + std::to_string(lo) + ", " + std::to_string(hi) +
                    "] is empty or not finite");
  }
  EqualWidthHistogram h;
  for (std::size_t i = 0; i <= bins; ++i) {
    h.edges.push_back(i == bins ? hi : lo + (hi - lo) * static_cast<double>(i) / bins);
  }
  h.counts.assign(bins, 0);
  return h;
}

long binOf(const EqualWidthHistogram& histogram, double value) {
  const auto& e = histogram.edges;
  const long bins = static_cast<long>(histogram.counts.size());
  if (value < e.front()) return -1;
  if (!(value <= e.back())) return bins;
  // The last edge closes the last bin.
  const auto upper = std::upper_bound(e.begin(), e.end() - 1, value);
  return static_cast<long>(upper - e.begin()) - 1;
}

void addToHistogram(EqualWidthHistogram& histogram, double value) {
  const long bin = binOf(histogram, value);
  if (bin < 0) {
    ++histogram.below;
  } else if (bin >= static_cast<long>(histogram.counts.size())) {
    ++histogram.above;
  } else {
    ++histogram.counts[static_cast<std::size_t>(bin)];
  }
}

}  // namespace posescope
