#include "analysis/paired_bootstrap.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include "common/errors.h"
#include "common/parallel_for.h"

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

// numpy.quantile's default (linear) on sorted values.
double quantile(const std::vector<double>& sorted, double q) {
  if (sorted.empty()) return 0;
  const double pos = q * static_cast<double>(sorted.size() - 1);
  const std::size_t lo = static_cast<std::size_t>(std::floor(pos));
  const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - static_cast<double>(lo));
}

}  // namespace

BootstrapComparison pairedBootstrap(const ResampledMetrics& a, const ResampledMetrics& b,
                                    const BootstrapOptions& options) {
  if (options.resamples < 1 || options.resamples > 1000000) {
    throw EvalError("the bootstrap takes 1 to 1,000,000 resamples, not " +
                    std::to_string(options.resamples));
  }
  if (!(options.level > 0 && options.level < 1)) {
    throw EvalError("the confidence level must be in (0, 1)");
  }
  if (a.imageIds() != b.imageIds()) {
    throw EvalError(
        "A and B were not evaluated on the same images; a paired comparison needs one "
        "ground truth");
  }
  const std::size_t N = a.imageIds().size();
  const std::vector<int> ones(N, 1);
  const MetricTable tableA = a.table(ones), tableB = b.table(ones);
  if (tableA.names != tableB.names) throw EvalError("A and B have different stats");
  const std::size_t S = tableA.names.size();

  // Resample r draws from its own generator, seeded with (seed, r): the result does not depend on
  // the threads, and only one draw per thread is in memory.
  const std::size_t B = static_cast<std::size_t>(options.resamples);
  std::vector<std::vector<double>> deltas(S, std::vector<double>(B, 0));
  std::vector<std::vector<char>> defined(S, std::vector<char>(B, 0));
  parallelFor(
      B, options.threads,
      [&](std::size_t r) {
        std::seed_seq seeds{static_cast<std::uint32_t>(options.seed),
                            static_cast<std::uint32_t>(options.seed >> 32),
                            static_cast<std::uint32_t>(r)};
        std::mt19937_64 rng(seeds);
        std::vector<int> weights(N, 0);
        for (std::size_t n = 0; n < N; ++n) ++weights[uniformIndex(rng, N)];
        const MetricTable ra = a.table(weights), rb = b.table(weights);
        for (std::size_t s = 0; s < S; ++s) {
          defined[s][r] = ra.values[s] > -1 && rb.values[s] > -1;
          deltas[s][r] = rb.values[s] - ra.values[s];
        }
      },
      4);

  BootstrapComparison out;
  out.options = options;
  out.images = N;
  for (std::size_t s = 0; s < S; ++s) {
    StatDifference d;
    d.name = tableA.names[s];
    d.a = tableA.values[s];
    d.b = tableB.values[s];
    d.delta = d.b - d.a;
    std::vector<double> valid;
    for (std::size_t r = 0; r < B; ++r) {
      if (defined[s][r]) valid.push_back(deltas[s][r]);
    }
    std::sort(valid.begin(), valid.end());
    d.low = quantile(valid, (1 - options.level) / 2);
    d.high = quantile(valid, (1 + options.level) / 2);
    d.significant = d.a > -1 && d.b > -1 && !valid.empty() && (d.low > 0 || d.high < 0);
    out.stats.push_back(d);
  }
  return out;
}

}  // namespace posescope
