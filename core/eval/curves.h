#pragma once
// The arrays behind every AP: pycocotools' accumulate() precision, scores and recall (and
// crowdposetools' for CrowdPose) per keypoint category, area range, OKS threshold and recall
// point, at the last maxDets, as `posescope-cli metrics --curves` writes them.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "eval/eval_params.h"
#include "eval/keypoint_data.h"
#include "eval/keypoint_eval.h"

namespace posescope {

/// One category's arrays. With T thresholds, R recall points and A area ranges:
/// precision[a][t][r] = eval['precision'][t, r, k, a, -1], scores[a][t][r] = eval['scores'][...],
/// recall[a][t] = eval['recall'][t, k, a, -1]; -1 where the reference leaves -1 (no regular
/// person in that area), 0 past the last recall reached.
struct CategoryCurves {
  std::int64_t categoryId = 0;
  std::string name;
  std::vector<std::vector<std::vector<double>>> precision;  // [A][T][R]
  std::vector<std::vector<std::vector<double>>> scores;     // [A][T][R]
  std::vector<std::vector<double>> recall;                  // [A][T]
  /// The stats (statNames order) of this category evaluated alone (summarize over it only).
  std::vector<double> stats;
};

/// The arrays of one evaluation and the settings that index them.
struct EvalCurves {
  EvalVariant variant = EvalVariant::Coco;
  std::vector<double> oksThresholds;  // T, params.iouThrs
  std::vector<double> recallPoints;   // R, params.recThrs
  std::vector<std::string> areas;     // A labels, params.areas order ("all", "medium", "large")
  std::size_t maxDets = 20;           // the reference's maxDets[-1]
  std::vector<std::string> statNames;
  std::vector<double> stats;  // the evaluation's stats over every category (the metric table)
  /// The settings in which params differ from the reference's (differencesFromReference).
  std::vector<std::string> settingChanges;
  /// The keypoint categories (those naming joints), in id order.
  std::vector<CategoryCurves> categories;
};

/// A row-major rows x columns array as nested rows, the layout of the curves; `flat` holds at
/// least rows x columns values.
std::vector<std::vector<double>> nestedRows(const std::vector<double>& flat, std::size_t rows,
                                            std::size_t columns);

/// The arrays of `summary`, which evaluateKeypoints computed with `params` on `gt` (its
/// accumulated precision, scores and recall are kept in the summary). Throws EvalError when the
/// summary was not computed with these params and ground truth (other sizes).
EvalCurves curvesOf(const EvalSummary& summary, const EvalParams& params,
                    const KeypointGroundTruth& gt);

/// evaluateKeypoints(gt, detections, params, options) (per-image output off) and its arrays;
/// throws as evaluateKeypoints does.
EvalCurves evaluateCurves(const KeypointGroundTruth& gt,
                          const std::vector<KeypointDetection>& detections,
                          const EvalParams& params, EvalOptions options = {});

/// One Markdown table of every category's own stats (`curves.categories`), a row each named
/// "NAME (id N)", in valid.py's three-decimal format. Never fails.
std::string formatCategoryTable(const EvalCurves& curves);

/// The curves file: {"oks_thresholds", "recall_points", "areas", "max_dets", "precision",
/// "scores", "recall", "stats"} for one keypoint category; with several, the same first four keys,
/// "stats" over all of them and "categories": [{"id", "name", "precision", "scores", "recall",
/// "stats"}, ...]. Also "variant" ("coco" / "crowdpose"), "stat_names" and, when the settings are
/// not the reference's, "settings" (one phrase per change). Numbers in round-trip precision. Never
/// fails.
std::string formatCurvesJson(const EvalCurves& curves);

}  // namespace posescope
