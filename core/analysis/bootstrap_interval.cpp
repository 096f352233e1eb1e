#include "analysis/bootstrap_interval.h"

#include <algorithm>

#include "analysis/bootstrap_draw.h"
#include "common/errors.h"
#include "common/parallel_for.h"

namespace posescope {

std::vector<StatInterval> bootstrapIntervals(const ResampledMetrics& metrics,
                                             const BootstrapOptions& options) {
  if (options.resamples < 1 || options.resamples > 1000000)
    throw EvalError("the bootstrap takes 1 to 1,000,000 resamples, not " +
                    std::to_string(options.resamples));
  if (!(options.level > 0 && options.level < 1))
    throw EvalError("the confidence level must be in (0, 1)");
  const std::size_t N = metrics.imageIds().size();
  const MetricTable table = metrics.table(std::vector<int>(N, 1));
  const std::size_t S = table.names.size();
  const std::size_t B = static_cast<std::size_t>(options.resamples);
  std::vector<std::vector<double>> values(S, std::vector<double>(B, -1));
  parallelFor(
      B, options.threads,
      [&](std::size_t r) {
        const MetricTable resampled = metrics.table(bootstrapDraw(options.seed, r, N));
        for (std::size_t s = 0; s < S; ++s) values[s][r] = resampled.values[s];
      },
      4);

  std::vector<StatInterval> out;
  for (std::size_t s = 0; s < S; ++s) {
    StatInterval interval;
    interval.name = table.names[s];
    interval.value = interval.low = interval.high = table.values[s];
    std::vector<double> defined;
    for (double v : values[s])
      if (v > -1) defined.push_back(v);
    if (interval.value > -1 && !defined.empty()) {
      std::sort(defined.begin(), defined.end());
      interval.low = linearQuantile(defined, (1 - options.level) / 2);
      interval.high = linearQuantile(defined, (1 + options.level) / 2);
    }
    out.push_back(interval);
  }
  return out;
}

}  // namespace posescope
