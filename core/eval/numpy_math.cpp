#include "eval/numpy_math.h"

#include <algorithm>
#include <cmath>

namespace posescope {

double numpyPairwiseSum(const double* a, std::size_t n) {
  // Mirrors numpy's pairwise_sum: plain loop below 8, eight accumulators up to 128 values,
  // otherwise split at a multiple of 8 near the middle.
  if (n < 8) {
    double res = 0.;
    for (std::size_t i = 0; i < n; ++i) res += a[i];
    return res;
  }
  if (n <= 128) {
    double r[8];
    for (int j = 0; j < 8; ++j) r[j] = a[j];
    std::size_t i = 8;
    for (; i < n - (n % 8); i += 8) {
      for (int j = 0; j < 8; ++j) r[j] += a[i + j];
    }
    double res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (; i < n; ++i) res += a[i];
    return res;
  }
  std::size_t n2 = n / 2;
  n2 -= n2 % 8;
  return numpyPairwiseSum(a, n2) + numpyPairwiseSum(a + n2, n - n2);
}

double numpyReduceSum(const double* a, std::size_t n) {
  constexpr std::size_t kBufferSize = 8192;  // numpy's NPY_BUFSIZE
  double sum = 0.;
  for (std::size_t i = 0; i < n; i += kBufferSize)
    sum += numpyPairwiseSum(a + i, std::min(kBufferSize, n - i));
  return sum;
}

double numpyRound4(double x) {
  return std::nearbyint(x * 10000.0) / 10000.0;
}

}  // namespace posescope
