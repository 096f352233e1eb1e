#include "eval/summarize.h"

#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>

#include "eval/numpy_math.h"

namespace posescope {

std::vector<std::string> statNames(EvalVariant variant) {
  if (variant == EvalVariant::Coco) {
    return {"AP", "Ap .5", "AP .75", "AP (M)", "AP (L)",
            "AR", "AR .5", "AR .75", "AR (M)", "AR (L)"};
  }
  return {"AP",     "Ap .5",     "AP .75",      "AR",       "AR .5",
          "AR .75", "AP (easy)", "AP (medium)", "AP (hard)"};
}

double meanOfValid(const std::vector<double>& values) {
  std::vector<double> valid;
  valid.reserve(values.size());
  for (double v : values) {
    if (v > -1) valid.push_back(v);
  }
  if (valid.empty()) return -1;
  return numpyReduceSum(valid.data(), valid.size()) / static_cast<double>(valid.size());
}

namespace {

void checkIndices(const std::vector<std::size_t>& indices, std::size_t size, const char* axis) {
  for (std::size_t i : indices) {
    if (i >= size) {
      throw std::out_of_range("index " + std::to_string(i) + " is out of bounds for the " + axis +
                              " axis of size " + std::to_string(size));
    }
  }
}

}  // namespace

double summaryStat(const AccumulatedArray& array, const std::vector<double>& iouThrs,
                   EvalVariant variant, const StatSelection& selection) {
  // crowdposetools matches an AP's threshold within 0.01, its AR's and pycocotools' exactly.
  const bool near = variant == EvalVariant::CrowdPose && array.precision;
  std::vector<std::size_t> thresholds;
  for (std::size_t t = 0; t < (selection.iouThreshold ? iouThrs.size() : array.T); ++t) {
    if (!selection.iouThreshold) {
      thresholds.push_back(t);
      continue;
    }
    const double thr = *selection.iouThreshold;
    if (near ? std::fabs(thr - iouThrs[t]) < 0.01 : thr == iouThrs[t]) thresholds.push_back(t);
  }
  checkIndices(thresholds, array.T, "threshold");
  checkIndices(selection.areas, array.A, "area range");
  checkIndices(selection.maxDets, array.M, "maxDets");
  const std::size_t areas = selection.areas.size(), maxDets = selection.maxDets.size();
  if (areas != maxDets && areas != 1 && maxDets != 1) {
    throw std::out_of_range("the area range and maxDets indices do not pair: " +
                            std::to_string(areas) + " and " + std::to_string(maxDets));
  }
  const std::size_t pairs = areas == 1 ? maxDets : areas;
  std::vector<double> values;
  values.reserve(thresholds.size() * array.R * array.K * pairs);
  for (std::size_t t : thresholds) {
    for (std::size_t r = 0; r < array.R; ++r) {
      for (std::size_t k = 0; k < array.K; ++k) {
        for (std::size_t i = 0; i < pairs; ++i) {
          values.push_back(array.at(t, r, k, selection.areas[areas == 1 ? 0 : i],
                                    selection.maxDets[maxDets == 1 ? 0 : i]));
        }
      }
    }
  }
  return meanOfValid(values);
}

double crowdSplitAp(const AccumulatedArray& precision) {
  checkIndices({0}, precision.A, "area range");
  std::vector<double> values;
  values.reserve(precision.T * precision.R * precision.K * precision.M);
  for (std::size_t t = 0; t < precision.T; ++t) {
    for (std::size_t r = 0; r < precision.R; ++r) {
      for (std::size_t k = 0; k < precision.K; ++k) {
        for (std::size_t m = 0; m < precision.M; ++m) values.push_back(precision.at(t, r, k, 0, m));
      }
    }
  }
  return numpyRound4(numpyReduceSum(values.data(), values.size()) /
                     static_cast<double>(values.size()));
}

MetricTable summarizeMetrics(const EvalParams& params, std::size_t K,
                             const std::vector<PrecisionRecall>& pr,
                             const std::vector<PrecisionRecall>& crowdSplits) {
  const std::size_t T = params.iouThrs.size(), R = params.recThrs.size();
  const std::size_t A = params.areas.size();
  // pycocotools' arrays of one maxDets value: precision [T, R, K, A, 1], recall [T, K, A, 1].
  std::vector<double> precision(T * R * K * A), recall(T * K * A);
  for (std::size_t k = 0; k < K; ++k) {
    for (std::size_t a = 0; a < A; ++a) {
      for (std::size_t t = 0; t < T; ++t) {
        recall[(t * K + k) * A + a] = pr[k * A + a].recall[t];
        for (std::size_t r = 0; r < R; ++r)
          precision[((t * R + r) * K + k) * A + a] = pr[k * A + a].precision[t * R + r];
      }
    }
  }
  const AccumulatedArray apArray{precision.data(), T, R, K, A, 1, true};
  const AccumulatedArray arArray{recall.data(), T, 1, K, A, 1, false};
  auto stat = [&](const AccumulatedArray& array, std::optional<double> thr, std::size_t area) {
    return summaryStat(array, params.iouThrs, params.variant, {thr, {area}, {0}});
  };
  auto apStat = [&](std::optional<double> thr, std::size_t a) { return stat(apArray, thr, a); };
  auto arStat = [&](std::optional<double> thr, std::size_t a) { return stat(arArray, thr, a); };

  MetricTable table;
  table.names = statNames(params.variant);
  auto& v = table.values;
  const std::size_t all = 0, medium = 1, large = 2;
  if (params.variant != EvalVariant::CrowdPose) {
    v = {apStat({}, all), apStat(.5, all), apStat(.75, all), apStat({}, medium), apStat({}, large),
         arStat({}, all), arStat(.5, all), arStat(.75, all), arStat({}, medium), arStat({}, large)};
    return table;
  }
  v = {apStat({}, all), apStat(.5, all), apStat(.75, all),
       arStat({}, all), arStat(.5, all), arStat(.75, all)};
  // crowdposetools re-evaluates the images split by crowdIndex (< .2 easy, < .8 medium, else
  // hard); each split's precision is [T, R, K] of area 'all'.
  for (std::size_t s = 0; s < 3; ++s) {
    std::vector<double> split(T * R * K);
    for (std::size_t k = 0; k < K; ++k) {
      for (std::size_t tr = 0; tr < T * R; ++tr)
        split[tr * K + k] = crowdSplits[s * K + k].precision[tr];
    }
    v.push_back(crowdSplitAp({split.data(), T, R, K, 1, 1, true}));
  }
  return table;
}

}  // namespace posescope
