#include "report/timing_stats.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace posescope {

double percentile(std::vector<double> values, double q) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  q = std::clamp(q, 0.0, 100.0);
  const double position = q / 100.0 * static_cast<double>(values.size() - 1);
  const double lower = std::floor(position);
  const auto i = static_cast<std::size_t>(lower);
  if (i + 1 >= values.size()) return values.back();
  const double fraction = position - lower;
  return values[i] + fraction * (values[i + 1] - values[i]);
}

StatSummary summarize(const std::vector<double>& values) {
  StatSummary s;
  s.count = values.size();
  if (values.empty()) return s;
  s.mean = std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
  s.p50 = percentile(values, 50);
  s.p90 = percentile(values, 90);
  s.max = *std::max_element(values.begin(), values.end());
  return s;
}

std::vector<double> totalTimes(const std::vector<ImageRecord>& records) {
  std::vector<double> totals;
  for (const auto& r : records)
    if (!r.failed()) totals.push_back(r.times.totalMs());
  return totals;
}

std::vector<std::size_t> warmUpPositions(const std::vector<ImageRecord>& records) {
  std::vector<std::size_t> positions;
  std::vector<std::size_t> evaluated;
  for (std::size_t i = 0; i < records.size(); ++i) {
    if (records[i].failed()) continue;
    evaluated.push_back(i);
    if (!records[i].warmUp.empty()) positions.push_back(i);
  }
  const bool saysWhy = std::any_of(records.begin(), records.end(),
                                   [](const ImageRecord& r) { return !r.warmUp.empty(); });
  if (!saysWhy && evaluated.size() >= 2) positions.push_back(evaluated.front());
  // Every image a warm-up (a run of one image per replica): nothing else to give statistics.
  if (positions.size() == evaluated.size()) positions.clear();
  return positions;
}

std::vector<ImageRecord> steadyRecords(const std::vector<ImageRecord>& records) {
  const std::vector<std::size_t> warmUps = warmUpPositions(records);
  std::vector<ImageRecord> steady;
  steady.reserve(records.size() - warmUps.size());
  for (std::size_t i = 0, w = 0; i < records.size(); ++i) {
    if (w < warmUps.size() && warmUps[w] == i) {
      ++w;
      continue;
    }
    steady.push_back(records[i]);
  }
  return steady;
}

TimingStats computeTimingStats(const std::vector<ImageRecord>& records) {
  TimingStats stats;
  stats.stages = stageNames();
  std::vector<std::vector<double>> perStage(stats.stages.size());
  for (const auto& r : records) {
    if (r.failed()) {
      ++stats.failed;
      continue;
    }
    ++stats.images;
    for (std::size_t i = 0; i < perStage.size(); ++i) perStage[i].push_back(stageValue(r.times, i));
  }
  for (const auto& values : perStage) stats.perStage.push_back(summarize(values));
  stats.total = summarize(totalTimes(records));
  return stats;
}

Histogram histogram(const std::vector<double>& values, std::size_t bins) {
  Histogram h;
  if (values.empty()) return h;
  bins = std::max<std::size_t>(bins, 1);
  const auto [minIt, maxIt] = std::minmax_element(values.begin(), values.end());
  double lo = *minIt, hi = *maxIt;
  if (lo == hi) {
    lo -= 0.5;
    hi += 0.5;
  }
  const double width = (hi - lo) / static_cast<double>(bins);
  for (std::size_t i = 0; i <= bins; ++i) h.edges.push_back(lo + width * static_cast<double>(i));
  h.edges.back() = hi;
  h.counts.assign(bins, 0);
  for (double v : values) {
    auto bin = static_cast<std::size_t>((v - lo) / width);
    if (bin >= bins) bin = bins - 1;
    // Floating point can put a value just below an edge into the next bin; fix with the edges.
    while (bin > 0 && v < h.edges[bin]) --bin;
    while (bin + 1 < bins && v >= h.edges[bin + 1]) ++bin;
    ++h.counts[bin];
  }
  return h;
}

}  // namespace posescope
