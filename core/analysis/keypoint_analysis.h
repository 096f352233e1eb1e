#pragma once
// Keypoint error analysis of a results file (Ronchi & Perona, ICCV 2017) with coco-analyze's
// semantics: joint labels of every localised detection, AP and recall if each error type were
// fixed, background false positives and false negatives.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/analysis_params.h"
#include "analysis/joint_errors.h"
#include "eval/keypoint_data.h"

namespace posescope {

/// The error types of "AP if fixed", in coco-analyze's order: each keypoint error type and the
/// scores are fixed alone; background false positives are removed from the baseline, then false
/// negatives too.
enum class ErrorType { Baseline, Miss, Swap, Inversion, Jitter, Score, BackgroundFP, FalseNeg };

/// "baseline", "miss", "swap", "inversion", "jitter", "score", "background_fp", "false_neg".
std::string errorTypeName(ErrorType type);

/// The joint label a keypoint error type fixes (miss, swap, inversion; jitter for the others).
JointLabel labelFixedBy(ErrorType type);

/// One detection of the results file and what the analysis found for it.
struct DetectionAnalysis {
  std::size_t index = 0;  // 0-based position in the results list
  std::int64_t imageId = 0;
  double score = 0;
  std::optional<std::int64_t> gtId;  // person matched at the localisation OKS (area 'all')
  double oks = 0;                    // OKS with that person
  /// gtId is a crowd region (iscrowd), not a person: its joints, if any, are judged as a
  /// person's would be (coco-analyze's rule), and without labelled joints it gets no labels.
  bool onCrowd = false;
  /// Per joint; empty when unmatched or on a crowd region without labelled joints (coco-analyze
  /// leaves both out). All Unlabelled when the person has no labelled joint.
  std::vector<JointLabel> joints;
  std::vector<double> ownKs;  // ks to the matched person's own joints (-1: not labelled)
  /// Per joint, where the prediction landed (JointAnalysis::bestPersonId / bestJoint): the other
  /// person of a swap, the mirrored joint of an inversion; empty when unmatched or not judged.
  std::vector<std::int64_t> bestPersonId;
  std::vector<int> bestJoint;
};

/// AP and recall at one OKS threshold and area range with errors up to `error` fixed.
struct ApIfFixed {
  ErrorType error = ErrorType::Baseline;
  std::string area;
  double oks = 0;
  double ap = -1;      // -1: no person to recall in that area range
  double recall = -1;  // -1: likewise
};

/// pycocotools' accumulate arrays of one evaluation of the analysis (the baseline, or one error
/// type fixed as ApIfFixed says): precision and scores [area][threshold][recall point] and recall
/// [area][threshold], areas and thresholds in the analysis' settings order; -1 where no person is
/// left to recall. ApIfFixed::ap is the mean of a precision row's entries above -1.
struct ErrorCurves {
  ErrorType error = ErrorType::Baseline;
  std::vector<std::vector<std::vector<double>>> precision;
  std::vector<std::vector<std::vector<double>>> scores;
  std::vector<std::vector<double>> recall;
};

/// Background errors at one OKS threshold (area 'all', after correcting keypoints and scores).
struct BackgroundCounts {
  double oks = 0;
  std::vector<std::size_t> falsePositives;   // detection indices matched to no person
  std::vector<std::int64_t> falseNegatives;  // annotation ids matched by no detection
};

/// Everything the analysis computes.
struct KeypointAnalysis {
  AnalysisParams params;
  std::vector<std::string> jointNames;
  std::vector<DetectionAnalysis> detections;  // one per results entry, in file order
  std::vector<ApIfFixed> apIfFixed;           // by error type, then area, then OKS threshold
  std::vector<ErrorCurves> curves;            // by error type, as apIfFixed
  std::vector<BackgroundCounts> background;   // one per OKS threshold
  /// jointCounts[k][label] over the localised detections (area 'all') but those on crowd regions
  /// without labels, labels as kJointLabels.
  std::vector<std::vector<std::size_t>> jointCounts;

  /// The ApIfFixed entry for (error, area, threshold index); nullptr when absent (inversions not
  /// computed).
  const ApIfFixed* find(ErrorType error, const std::string& area, std::size_t oksIndex) const;
};

/// Options of analyzeKeypoints.
struct AnalysisOptions {
  int threads = 0;            // 0: every core
  std::string resultsSource;  // the results file, named in error messages when set
};

/// Analyses `detections` against `gt`. Throws EvalError for ground truth or detections unfit for
/// evaluation (as evaluateKeypoints), for a ground truth with more than one keypoint category, and
/// for parameters that fail AnalysisParams::validate.
KeypointAnalysis analyzeKeypoints(const KeypointGroundTruth& gt,
                                  const std::vector<KeypointDetection>& detections,
                                  const AnalysisParams& params,
                                  const AnalysisOptions& options = {});

}  // namespace posescope
