#include "analysis/paired_bootstrap.h"

#include <algorithm>

#include "analysis/bootstrap_draw.h"
#include "common/errors.h"
#include "common/parallel_for.h"

namespace posescope {

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
        const std::vector<int> weights = bootstrapDraw(options.seed, r, N);
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
    d.low = linearQuantile(valid, (1 - options.level) / 2);
    d.high = linearQuantile(valid, (1 + options.level) / 2);
    d.significant = d.a > -1 && d.b > -1 && !valid.empty() && (d.low > 0 || d.high < 0);
    out.stats.push_back(d);
  }
  return out;
}

std::string fewImagesNote(std::size_t images) {
  if (images >= kFewImagesForBootstrap) return {};
  return "only " + std::to_string(images) + (images == 1 ? " image" : " images") +
         ": an interval over fewer than " + std::to_string(kFewImagesForBootstrap) +
         " is rough, so a star is a hint, not a test";
}

}  // namespace posescope
