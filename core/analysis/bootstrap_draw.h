#pragma once
// The resampling every bootstrap over images shares (paired_bootstrap.h, bootstrap_interval.h),
// so that intervals computed apart are over the very same draws.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace posescope {

/// Resample r of a bootstrap over n images: how many times each image is drawn when n images are
/// drawn uniformly with replacement (std::mt19937_64 seeded with std::seed_seq{seed low 32 bits,
/// seed high 32 bits, r}; indices by rejection sampling so every image is equally likely).
std::vector<int> bootstrapDraw(std::uint64_t seed, std::size_t r, std::size_t n);

/// numpy.quantile's default (linear interpolation) of ascending `sorted`; 0 when it is empty.
double linearQuantile(const std::vector<double>& sorted, double q);

}  // namespace posescope
