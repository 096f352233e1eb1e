#pragma once
// What the analysis report shows, gathered from a run folder on any thread, without Qt: the run,
// its error analysis (as `posescope-cli analyze RUN_DIR`), the ten worst images and their
// overlays (core/render's framed export overlay), and the per-joint accuracy at OKS .50. The PDF
// is drawn from it by report_pdf/ (Qt Gui); its tables by formatAnalysisTables.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "analysis/keypoint_analysis.h"
#include "analysis/match_accuracy.h"
#include "analysis/triage.h"
#include "eval/eval_params.h"
#include "eval/metric_table.h"
#include "pipeline/run_folder.h"
#include "report/analysis_tables.h"
#include "report/run_ground_truth.h"

namespace posescope {

/// The report's content; plain values, built on any thread.
struct AnalysisReportContent {
  LoadedRun run;
  std::shared_ptr<const KeypointAnalysis> analysis;
  std::shared_ptr<const Triage> triage;
  std::vector<WorstImage> worst;  // the ten worst images (worstImages)
  /// One per worst image: renderFramedRecordOverlay with the default layers (RGB, CV_8UC3);
  /// empty where it cannot be drawn (a note says why).
  std::vector<cv::Mat> overlays;
  /// matchAccuracy at OKS .50 under the metric table's evaluation settings (valid.py's, or the
  /// re-evaluation's), as `posescope-cli metrics --accuracy` measures it: the PCK chart; nullopt
  /// when not asked for or not measurable (a note says why).
  std::optional<MatchAccuracy> accuracy;
  std::vector<std::string> notes;  // why an overlay, the ranking or the accuracy is missing
  /// The evaluation settings that are not valid.py's when run.metrics and the analysis follow
  /// them (the Results page's re-evaluation), one phrase each; empty: valid.py's.
  std::vector<std::string> settingChanges;
  /// What a run beyond valid.py's datasets is scored with (ownSettingsText of its layout: "6
  /// keypoints of 'quadruped6', sigmas from skeleton.json"); "" for COCO's and CrowdPose's joints.
  std::string ownSettings;
};

/// An analysis already made of a run folder (the GUI's Results page), reported as it is.
struct ShownAnalysis {
  std::shared_ptr<const KeypointAnalysis> analysis;  // required
  std::shared_ptr<const Triage> triage;              // required, of the same analysis
  /// What the analysis read; nullptr: the worst images are not ranked, the accuracy not measured.
  std::shared_ptr<const RunEvaluationInput> input;
  /// The evaluation settings the analysis follows when they were chosen (a re-evaluation);
  /// nullopt: valid.py's for the run's layout (evalParamsFor).
  std::optional<EvalParams> params;
  /// When those settings are not valid.py's: their phrases (differencesFromReference) and the
  /// run's metric table under them, which replace the run folder's.
  std::vector<std::string> settingChanges;
  std::optional<MetricTable> table;
};

/// Reads run folder `dir`, analyses its results against its annotation file with
/// analysisParamsFor(layout), and (when `forPdf`) draws the worst images framed for export and
/// measures the per-joint accuracy. Throws Error naming the folder or file when the run, its
/// results or its annotation file cannot be read; an image that cannot be drawn, or an accuracy
/// that cannot be measured, only adds a note.
AnalysisReportContent loadAnalysisReportContent(const std::string& dir, bool forPdf = true);

/// The report of run folder `dir` with `shown` (an analysis of that folder), not analysed again:
/// under changed evaluation settings its metric table is `shown.table` and the settings are
/// named; the worst images are ranked by the AP lost under shown.params. Throws Error naming the
/// folder when it cannot be read; an image that cannot be drawn only adds a note. `forPdf` as
/// loadAnalysisReportContent.
AnalysisReportContent analysisReportContentOf(const std::string& dir, const ShownAnalysis& shown,
                                              bool forPdf = true);

/// formatAnalysisTables of `content` in `format`. Never fails.
std::string analysisReportTables(const AnalysisReportContent& content, TableFormat format);

}  // namespace posescope
