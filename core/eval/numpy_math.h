#pragma once
// Floating-point reductions computed in numpy's order, so sums and means match it bit for bit.

#include <cstddef>

namespace posescope {

/// numpy's pairwise summation of the n contiguous doubles at `a` (np.sum of a 1-D float64 array).
double numpyPairwiseSum(const double* a, std::size_t n);

/// np.add.reduce's sum of the n doubles at `a` (np.sum and np.mean of any float64 array, read in
/// C order): numpy's pairwise summation over each buffer of 8,192 values, the buffers' sums added
/// in turn. Equals numpyPairwiseSum up to 8,192 values.
double numpyReduceSum(const double* a, std::size_t n);

/// np.round(x, 4) on a float64 scalar, as Python's round() does for numpy floats: rint(x*1e4)/1e4.
double numpyRound4(double x);

}  // namespace posescope
