#pragma once
// The files of `posescope-cli metrics --accuracy` (JSON) and `--accuracy-csv` (the per-joint
// table).

#include <string>

#include "analysis/match_accuracy.h"

namespace posescope {

/// {"oks_threshold", "area", "variant", ["settings"], then for one keypoint category its measures
/// at the top level, for several "categories": [{"id", "name", measures}, ...]}. The measures:
/// "true_positives", "joints": [{"name", "sigma", "labelled", "mean_ks", "pck_50", "pck_75",
/// "distance_counts", "distance_above"}, ...], "all_joints" (the same, pooled), "distance_edges",
/// "oks_histogram": {"edges", "matched", "best_per_person"}, "calibration": {"bins": [{"lo", "hi",
/// "true_positives", "false_positives", "mean_score", "precision"}, ...], "true_positives",
/// "false_positives", "scores_outside_unit", "expected_calibration_error", "ranking_auc"}.
/// -1 where a value is undefined. Never fails.
std::string formatMatchAccuracyJson(const MatchAccuracy& accuracy);

/// One row per joint and one "all" row per category: category, joint, sigma, labelled, mean_ks,
/// pck_50, pck_75 (round-trip precision; -1 where undefined). Never fails.
std::string formatJointAccuracyCsv(const MatchAccuracy& accuracy);

}  // namespace posescope
