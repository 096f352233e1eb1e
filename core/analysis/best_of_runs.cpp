#include "analysis/best_of_runs.h"

#include <algorithm>

#include "common/errors.h"

namespace posescope {

std::optional<BestAgainstSecond> bestAgainstSecond(
    const std::vector<const ResampledMetrics*>& lists, const std::string& stat,
    const BootstrapOptions& options) {
  std::vector<std::pair<double, std::size_t>> ranked;  // (value, position) of defined lists
  for (std::size_t i = 0; i < lists.size(); ++i) {
    const MetricTable table = lists[i]->table(std::vector<int>(lists[i]->imageIds().size(), 1));
    const auto name = std::find(table.names.begin(), table.names.end(), stat);
    if (name == table.names.end()) throw EvalError("the metric table has no stat '" + stat + "'");
    const double value = table.values[static_cast<std::size_t>(name - table.names.begin())];
    if (value > -1) ranked.emplace_back(value, i);
  }
  if (ranked.size() < 2) return std::nullopt;
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& x, const auto& y) { return x.first > y.first; });
  BestAgainstSecond out;
  out.best = ranked[0].second;
  out.second = ranked[1].second;
  const BootstrapComparison comparison =
      pairedBootstrap(*lists[out.second], *lists[out.best], options);
  for (const StatDifference& d : comparison.stats)
    if (d.name == stat) out.difference = d;
  return out;
}

}  // namespace posescope
