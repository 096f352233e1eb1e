#include "analysis/score_calibration.h"

#include <algorithm>
#include <cmath>

#include "analysis/histogram.h"

namespace posescope {

namespace {

// Probability that a true positive outscores a false positive, ties half (Mann-Whitney U / nm).
double rankingAuc(const std::vector<double>& tp, std::vector<double> fp) {
  if (tp.empty() || fp.empty()) return -1;
  std::sort(fp.begin(), fp.end());
  double wins = 0;
  for (double s : tp) {
    const auto lower = std::lower_bound(fp.begin(), fp.end(), s);
    const auto upper = std::upper_bound(lower, fp.end(), s);
    wins += static_cast<double>(lower - fp.begin()) + 0.5 * static_cast<double>(upper - lower);
  }
  return wins / (static_cast<double>(tp.size()) * static_cast<double>(fp.size()));
}

}  // namespace

ScoreCalibration scoreCalibration(const CategoryMatching& matching,
                                  const std::vector<KeypointDetection>& detections,
                                  std::size_t bins) {
  const EqualWidthHistogram edges = equalWidthHistogram(0, 1, bins);
  ScoreCalibration out;
  for (std::size_t b = 0; b < bins; ++b) out.bins.push_back({edges.edges[b], edges.edges[b + 1]});
  std::vector<double> scoreSums(bins, 0);
  std::vector<double> tpScores, fpScores;
  auto count = [&](double score, bool truePositive) {
    const long raw = binOf(edges, score);
    if (raw < 0 || raw >= static_cast<long>(bins)) ++out.scoresOutsideUnit;
    const std::size_t b =
        static_cast<std::size_t>(std::clamp(raw, 0L, static_cast<long>(bins) - 1));
    ++(truePositive ? out.bins[b].truePositives : out.bins[b].falsePositives);
    scoreSums[b] += score;
    (truePositive ? tpScores : fpScores).push_back(score);
  };
  for (const TruePositive& tp : matching.truePositives) {
    count(detections.at(tp.detection).score, true);
  }
  for (std::size_t d : matching.falsePositives) count(detections.at(d).score, false);
  out.truePositives = tpScores.size();
  out.falsePositives = fpScores.size();

  const double total = static_cast<double>(out.truePositives + out.falsePositives);
  double error = 0;
  for (std::size_t b = 0; b < bins; ++b) {
    ScoreBin& bin = out.bins[b];
    const std::size_t n = bin.truePositives + bin.falsePositives;
    if (n == 0) continue;
    bin.meanScore = scoreSums[b] / static_cast<double>(n);
    bin.precision = static_cast<double>(bin.truePositives) / static_cast<double>(n);
    error += static_cast<double>(n) / total * std::fabs(bin.precision - bin.meanScore);
  }
  if (total > 0) out.expectedCalibrationError = error;
  out.rankingAuc = rankingAuc(tpScores, std::move(fpScores));
  return out;
}

}  // namespace posescope
