#include "eval/curves.h"

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <utility>

#include "common/errors.h"
#include "eval/summarize.h"

namespace posescope {

namespace {

bool sized(const PrecisionRecall& pr, std::size_t T, std::size_t R) {
  return pr.precision.size() == T * R && pr.scores.size() == T * R && pr.recall.size() == T;
}

}  // namespace

std::vector<std::vector<double>> nestedRows(const std::vector<double>& flat, std::size_t rows,
                                            std::size_t columns) {
  std::vector<std::vector<double>> out(rows);
  for (std::size_t i = 0; i < rows; ++i) {
    out[i].assign(flat.begin() + static_cast<std::ptrdiff_t>(i * columns),
                  flat.begin() + static_cast<std::ptrdiff_t>((i + 1) * columns));
  }
  return out;
}

EvalCurves curvesOf(const EvalSummary& summary, const EvalParams& params,
                    const KeypointGroundTruth& gt) {
  const std::size_t T = params.iouThrs.size(), R = params.recThrs.size();
  const std::size_t A = params.areas.size(), K = summary.categoryIds.size();
  const bool crowd = params.variant == EvalVariant::CrowdPose;
  bool consistent = summary.variant == params.variant && summary.accumulated.size() == K * A &&
                    K == gt.categories.size() && (!crowd || summary.crowdSplits.size() == 3 * K);
  for (const PrecisionRecall& pr : summary.accumulated) consistent = consistent && sized(pr, T, R);
  for (const PrecisionRecall& pr : summary.crowdSplits) consistent = consistent && sized(pr, T, R);
  if (!consistent) {
    throw EvalError("the precision-recall arrays of " + gt.source +
                    " were not evaluated with these settings (" + std::to_string(K) +
                    " categories, " + std::to_string(A) + " area ranges, " + std::to_string(T) +
                    " thresholds, " + std::to_string(R) + " recall points expected)");
  }

  EvalCurves out;
  out.variant = params.variant;
  out.oksThresholds = params.iouThrs;
  out.recallPoints = params.recThrs;
  for (const AreaRange& area : params.areas) out.areas.push_back(area.label);
  out.maxDets = params.maxDets;
  out.statNames = summary.table.names;
  out.stats = summary.table.values;
  out.settingChanges = differencesFromReference(params);

  for (std::size_t k = 0; k < K; ++k) {
    const auto category =
        std::find_if(gt.categories.begin(), gt.categories.end(),
                     [&](const KeypointCategory& c) { return c.id == summary.categoryIds[k]; });
    if (category == gt.categories.end() || category->keypoints.empty()) continue;
    CategoryCurves c;
    c.categoryId = category->id;
    c.name = category->name;
    const auto first = summary.accumulated.begin() + static_cast<std::ptrdiff_t>(k * A);
    const std::vector<PrecisionRecall> own(first, first + static_cast<std::ptrdiff_t>(A));
    for (const PrecisionRecall& pr : own) {
      c.precision.push_back(nestedRows(pr.precision, T, R));
      c.scores.push_back(nestedRows(pr.scores, T, R));
      c.recall.push_back(pr.recall);
    }
    std::vector<PrecisionRecall> splits;
    if (crowd) {
      for (std::size_t s = 0; s < 3; ++s) splits.push_back(summary.crowdSplits[s * K + k]);
    }
    c.stats = summarizeMetrics(params, 1, own, splits).values;
    out.categories.push_back(std::move(c));
  }
  return out;
}

EvalCurves evaluateCurves(const KeypointGroundTruth& gt,
                          const std::vector<KeypointDetection>& detections,
                          const EvalParams& params, EvalOptions options) {
  options.perImage = false;
  return curvesOf(evaluateKeypoints(gt, detections, params, options), params, gt);
}

std::string formatCurvesJson(const EvalCurves& curves) {
  // Keys in the documented order; nlohmann prints doubles with the shortest round-trip digits.
  nlohmann::ordered_json j;
  j["oks_thresholds"] = curves.oksThresholds;
  j["recall_points"] = curves.recallPoints;
  j["areas"] = curves.areas;
  j["max_dets"] = curves.maxDets;
  auto arraysOf = [](const CategoryCurves& c, nlohmann::ordered_json& into) {
    into["precision"] = c.precision;
    into["scores"] = c.scores;
    into["recall"] = c.recall;
  };
  if (curves.categories.size() == 1) {
    arraysOf(curves.categories.front(), j);
    j["stats"] = curves.stats;
  } else {
    j["stats"] = curves.stats;
    nlohmann::ordered_json categories = nlohmann::ordered_json::array();
    for (const CategoryCurves& c : curves.categories) {
      nlohmann::ordered_json one;
      one["id"] = c.categoryId;
      one["name"] = c.name;
      arraysOf(c, one);
      one["stats"] = c.stats;
      categories.push_back(std::move(one));
    }
    j["categories"] = std::move(categories);
  }
  j["stat_names"] = curves.statNames;
  j["variant"] = variantName(curves.variant);
  if (!curves.settingChanges.empty()) j["settings"] = curves.settingChanges;
  return j.dump() + "\n";
}

std::string formatCategoryTable(const EvalCurves& curves) {
  std::string out = "| Category";
  for (const std::string& name : curves.statNames) out += " | " + name;
  out += " |\n|---";
  for (std::size_t i = 0; i < curves.statNames.size(); ++i) out += "|---";
  out += "|\n";
  char value[32];
  for (const CategoryCurves& c : curves.categories) {
    out += "| " + c.name + " (id " + std::to_string(c.categoryId) + ")";
    for (double stat : c.stats) {
      std::snprintf(value, sizeof value, " | %.3f", stat);
      out += value;
    }
    out += " |\n";
  }
  return out;
}

}  // namespace posescope
