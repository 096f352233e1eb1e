#pragma once
// Timing statistics of a run: mean / p50 / p90 / max per pipeline stage, and histogram bins.

#include <cstddef>
#include <string>
#include <vector>

#include "pipeline/image_record.h"

namespace posescope {

/// Summary of one series of milliseconds; all zero when `count` is 0.
struct StatSummary {
  std::size_t count = 0;
  double mean = 0;
  double p50 = 0;
  double p90 = 0;
  double max = 0;
};

/// Per-stage and total timing statistics over the evaluated (non-failed) records of a run.
struct TimingStats {
  std::vector<std::string> stages;    // stageNames(), in StageTimings order
  std::vector<StatSummary> perStage;  // one per stage
  StatSummary total;                  // over StageTimings::totalMs()
  std::size_t images = 0;             // records counted (not failed)
  std::size_t failed = 0;             // records left out because they failed
};

/// The q-th percentile (q in [0, 100]) of `values` as numpy.percentile's default ("linear"):
/// sorted values v[0..n-1], position p = q/100 * (n-1), result v[floor p] + (p - floor p) *
/// (v[floor p + 1] - v[floor p]). Returns 0 for an empty list; q outside [0, 100] is clamped.
double percentile(std::vector<double> values, double q);

/// mean, p50, p90 and max of `values` (all zero for an empty list). Never fails.
StatSummary summarize(const std::vector<double>& values);

/// Statistics of `records`, failed records excluded (counted in TimingStats::failed). Never fails.
TimingStats computeTimingStats(const std::vector<ImageRecord>& records);

/// Positions in `records` of the warm-up images: those whose record says why (ImageRecord::warmUp:
/// each replica's first forward, each new input size's). A run recorded before records said so:
/// its first evaluated image, when another one gives the statistics. Never fails.
std::vector<std::size_t> warmUpPositions(const std::vector<ImageRecord>& records);

/// `records` without the warm-up images (warmUpPositions), in record order. Never fails.
std::vector<ImageRecord> steadyRecords(const std::vector<ImageRecord>& records);

/// Total milliseconds of each non-failed record, in record order. Never fails.
std::vector<double> totalTimes(const std::vector<ImageRecord>& records);

/// Equal-width bins as numpy.histogram(values, bins): `edges` has bins + 1 entries from min to
/// max (min - 0.5 .. max + 0.5 when all values are equal), each bin is [edge, next edge) except
/// the last, which includes max.
struct Histogram {
  std::vector<double> edges;
  std::vector<std::size_t> counts;
};

/// Bins `values` into `bins` equal-width bins (see Histogram); an empty list gives empty vectors;
/// bins == 0 is treated as 1. Never fails.
Histogram histogram(const std::vector<double>& values, std::size_t bins);

}  // namespace posescope
