#include "analysis/bootstrap_draw.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

namespace posescope {

namespace {

// A uniform index in [0, n) from the generator's raw output, rejecting the biased tail.
std::size_t uniformIndex(std::mt19937_64& rng, std::size_t n) {
  const std::uint64_t range = static_cast<std::uint64_t>(n);
  const std::uint64_t limit =
      std::numeric_limits<std::uint64_t>::max() - std::numeric_limits<std::uint64_t>::max() % range;
  std::uint64_t x;
  do {
    x = rng();
  } while (x >= limit);
  return static_cast<std::size_t>(x % range);
}

}  // namespace

std::vector<int> bootstrapDraw(std::uint64_t seed, std::size_t r, std::size_t n) {
  std::seed_seq seeds{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32),
                      static_cast<std::uint32_t>(r)};
  std::mt19937_64 rng(seeds);
  std::vector<int> weights(n, 0);
  for (std::size_t i = 0; i < n; ++i) ++weights[uniformIndex(rng, n)];
  return weights;
}

double linearQuantile(const std::vector<double>& sorted, double q) {
  if (sorted.empty()) return 0;
  const double pos = q * static_cast<double>(sorted.size() - 1);
  const std::size_t lo = static_cast<std::size_t>(std::floor(pos));
  const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - static_cast<double>(lo));
}

}  // namespace posescope
