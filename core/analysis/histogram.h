#pragma once
// An equal-width histogram with its edges, the plain shape the CLI writes and the GUI charts
// (named apart from report/timing_stats.h's Histogram, which pages include beside it).

#include <cstddef>
#include <vector>

namespace posescope {

/// Counts of values in bins [edges[i], edges[i + 1]), the last bin closed; values below the first
/// edge or above the last are counted apart, never dropped.
struct EqualWidthHistogram {
  std::vector<double> edges;        // bins + 1 increasing values
  std::vector<std::size_t> counts;  // one per bin
  std::size_t below = 0;            // values < edges.front()
  std::size_t above = 0;            // values > edges.back()
};

/// An empty histogram of `bins` equal bins over [lo, hi] (edge i = lo + (hi - lo) * i / bins);
/// throws EvalError when bins is 0 or the range is empty or not finite.
EqualWidthHistogram equalWidthHistogram(double lo, double hi, std::size_t bins);

/// The bin `value` falls in, as addToHistogram counts it; -1 below, bins (the count) above.
long binOf(const EqualWidthHistogram& histogram, double value);

/// Counts `value` (a NaN counts as above: it is no smaller than any edge).
void addToHistogram(EqualWidthHistogram& histogram, double value);

}  // namespace posescope
