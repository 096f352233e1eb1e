#pragma once
// Is B really better than A? The difference of every metric between two results lists on the same
// ground truth, with a paired bootstrap confidence interval over images.

#include <cstdint>
#include <string>
#include <vector>

#include "analysis/resampled_metrics.h"

namespace posescope {

/// How the bootstrap resamples.
struct BootstrapOptions {
  int resamples = 1000;
  std::uint64_t seed = 1;
  double level = 0.95;  // two-sided confidence level of the interval
  int threads = 0;      // 0: every core
};

/// One stat of the metric table for A and B, B - A and its interval.
struct StatDifference {
  std::string name;
  double a = 0, b = 0, delta = 0;
  double low = 0, high = 0;  // percentile interval of B - A over the resamples
  /// The interval excludes 0 (and both values are defined): the difference is unlikely to be
  /// chance given these images.
  bool significant = false;
};

/// Below this many images a percentile bootstrap's interval is rough (it covers the difference less
/// often than its level claims), so a star over fewer images is a hint, not a test.
constexpr std::size_t kFewImagesForBootstrap = 30;

/// "" for kFewImagesForBootstrap images or more; else the words that go beside every star:
/// "only 4 images: an interval over fewer than 30 is rough, so a star is a hint, not a test".
std::string fewImagesNote(std::size_t images);

/// The whole comparison.
struct BootstrapComparison {
  BootstrapOptions options;
  std::size_t images = 0;
  std::vector<StatDifference> stats;  // in the metric table's order
};

/// Paired bootstrap over the ground truth's images: resample r draws as many images as the ground
/// truth has, uniformly with replacement (std::mt19937_64 seeded with std::seed_seq{seed low 32
/// bits, seed high 32 bits, r}; indices by rejection sampling so every image is equally likely),
/// evaluates A and B on the same draw and keeps B - A per stat; the interval is the (1 - level) / 2
/// and (1 + level) / 2 quantiles of those differences, linearly interpolated (numpy's default).
/// Throws EvalError when A and B were not evaluated on the same images with the same stats, for
/// resamples outside 1..1,000,000 or a level outside (0, 1).
BootstrapComparison pairedBootstrap(const ResampledMetrics& a, const ResampledMetrics& b,
                                    const BootstrapOptions& options = {});

}  // namespace posescope
