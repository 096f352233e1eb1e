#include "eval/summarize.h"

#include <cmath>
#include <optional>

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
  return numpyPairwiseSum(valid.data(), valid.size()) / static_cast<double>(valid.size());
}

MetricTable summarizeMetrics(const EvalParams& params, std::size_t K,
                             const std::vector<PrecisionRecall>& pr,
                             const std::vector<PrecisionRecall>& crowdSplits) {
  const std::size_t T = params.iouThrs.size(), R = params.recThrs.size();
  const std::size_t A = params.areas.size();
  const bool crowd = params.variant == EvalVariant::CrowdPose;
  // Means over thresholds x recall points x categories, -1 entries left out.
  auto selectsThreshold = [&](std::optional<double> thr, std::size_t t, bool ap) {
    if (!thr) return true;
    if (crowd && ap) return std::fabs(*thr - params.iouThrs[t]) < 0.01;  // crowdposetools' AP
    return *thr == params.iouThrs[t];
  };
  auto apStat = [&](std::optional<double> thr, std::size_t a) {
    std::vector<double> values;
    for (std::size_t t = 0; t < T; ++t) {
      if (!selectsThreshold(thr, t, true)) continue;
      for (std::size_t r = 0; r < R; ++r) {
        for (std::size_t k = 0; k < K; ++k) values.push_back(pr[k * A + a].precision[t * R + r]);
      }
    }
    return meanOfValid(values);
  };
  auto arStat = [&](std::optional<double> thr, std::size_t a) {
    std::vector<double> values;
    for (std::size_t t = 0; t < T; ++t) {
      if (!selectsThreshold(thr, t, false)) continue;
      for (std::size_t k = 0; k < K; ++k) values.push_back(pr[k * A + a].recall[t]);
    }
    return meanOfValid(values);
  };

  MetricTable table;
  table.names = statNames(params.variant);
  auto& v = table.values;
  const std::size_t all = 0, medium = 1, large = 2;
  if (!crowd) {
    v = {apStat({}, all), apStat(.5, all), apStat(.75, all), apStat({}, medium), apStat({}, large),
         arStat({}, all), arStat(.5, all), arStat(.75, all), arStat({}, medium), arStat({}, large)};
    return table;
  }
  v = {apStat({}, all), apStat(.5, all), apStat(.75, all),
       arStat({}, all), arStat(.5, all), arStat(.75, all)};
  // crowdposetools re-evaluates the images split by crowdIndex (< .2 easy, < .8 medium, else
  // hard) and reports round(mean(precision[:, :, :, all]), 4) with the -1 entries included.
  for (std::size_t s = 0; s < 3; ++s) {
    std::vector<double> values;
    for (std::size_t t = 0; t < T; ++t) {
      for (std::size_t r = 0; r < R; ++r) {
        for (std::size_t k = 0; k < K; ++k) {
          values.push_back(crowdSplits[s * K + k].precision[t * R + r]);
        }
      }
    }
    v.push_back(numpyRound4(numpyPairwiseSum(values.data(), values.size()) /
                            static_cast<double>(values.size())));
  }
  return table;
}

}  // namespace posescope
