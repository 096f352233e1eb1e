#pragma once
// A run's keypoint error analysis as the GUI pages use it: the analysis, its triage lists and the
// settings it ran with, indexed by image so a page finds one image's detections and counts at once.

#include <QMetaType>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "analysis/analysis_params.h"
#include "analysis/annotation_suspects.h"
#include "analysis/image_ranking.h"
#include "analysis/keypoint_analysis.h"
#include "analysis/triage.h"
#include "render/overlay_scene.h"
#include "render/run_overlay_data.h"
#include "report/run_ground_truth.h"
#include "widgets/session/run_reevaluation.h"

namespace posescope {

/// One analysis of a run folder's results against its ground truth; immutable once built, so it is
/// handed between threads and pages as a shared pointer.
struct RunAnalysis {
  std::string runDir;
  /// What the analysis read (ground truth, results, file names); shared by every analysis of the
  /// same reading, never changed.
  std::shared_ptr<const RunEvaluationInput> input;
  /// The settings `posescope-cli analyze RUN_DIR` uses (analysisParamsFor(layout)) and those this
  /// analysis ran with (the same unless reanalysed with others).
  AnalysisParams defaultParams;
  AnalysisParams params;
  KeypointAnalysis analysis;
  Triage triage;
  /// The evaluation settings the analysis follows (analysisParamsFollowing) and the run's metrics
  /// under them; nullptr when it was not asked for through them (the run folder's metrics hold).
  RunReevaluationPtr reevaluation;
  /// The images ranked by AP lost (core's rankImages, worst first), with the metric table's
  /// settings: the re-evaluation's, else valid.py's (evalParamsFor(layout)); and that table's AP.
  /// Empty and -1 when the ranking failed (e.g. several keypoint categories).
  std::shared_ptr<const std::vector<RankedImage>> worstImages;
  double tableAp = -1;
  /// The ground truth's suspected annotation errors given the run's predictions (core's
  /// findAnnotationSuspects with its default thresholds): the same for every analysis of a reading.
  std::shared_ptr<const AnnotationSuspects> suspects;
  double milliseconds = 0;  // analysis and triage time

  /// Indices into analysis.detections of image `imageId`, in results order (the record's people
  /// with joints, in order); empty for an image without detections.
  const std::vector<std::size_t>& detectionsOf(std::int64_t imageId) const;
  /// The per-image counts of `imageId`, or nullptr for an image not in the ground truth.
  const ImageTriage* imageTriage(std::int64_t imageId) const;
  /// Whether detection `detection` is a background false positive at the lowest OKS threshold (as
  /// the triage counts them).
  bool isBackgroundFalsePositive(std::size_t detection) const;
  /// Whether params differ from defaultParams (the analysis is not `posescope-cli analyze`'s).
  bool usesDefaultParams() const;

  /// Builds the per-image index; call once after analysis and triage are set. Never fails.
  void buildIndex();

 private:
  std::unordered_map<std::int64_t, std::vector<std::size_t>> detectionsByImage_;
  std::unordered_map<std::int64_t, std::size_t> triageByImage_;  // image id -> triage.images
  std::unordered_set<std::size_t> backgroundFalsePositives_;
};

using RunAnalysisPtr = std::shared_ptr<const RunAnalysis>;

/// What is drawn of `record`: `data`'s scene at OKS `matchThreshold`, with the errors layer's
/// marks from `analysis` when there is one. The canvas, the person panel and the overlay exports
/// draw this one scene, so an export holds what its header's layers say. Never fails.
OverlayScene analysedScene(const RunOverlayData& data, const RunAnalysis* analysis,
                           const ImageRecord& record, double matchThreshold);

/// Whether two analysis settings are the same (every field of the evaluation settings too).
bool sameAnalysisParams(const AnalysisParams& a, const AnalysisParams& b);

}  // namespace posescope

Q_DECLARE_METATYPE(posescope::RunAnalysisPtr)
Q_DECLARE_METATYPE(posescope::AnalysisParams)
