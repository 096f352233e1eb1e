#pragma once
// What the analysis report shows, gathered from a run folder off the GUI thread: the run, its
// error analysis (as `posescope-cli analyze RUN_DIR`), the ten worst images and their overlays,
// and the per-joint accuracy at OKS .50.

#include <QImage>
#include <QString>
#include <QStringList>
#include <memory>
#include <optional>
#include <vector>

#include "analysis/keypoint_analysis.h"
#include "analysis/match_accuracy.h"
#include "analysis/triage.h"
#include "pipeline/run_folder.h"
#include "report/analysis_tables.h"
#include "widgets/session/run_analysis.h"

namespace posescope {

/// The report's content; plain values, built on any thread.
struct AnalysisReportContent {
  LoadedRun run;
  std::shared_ptr<const KeypointAnalysis> analysis;
  std::shared_ptr<const Triage> triage;
  std::vector<WorstImage> worst;  // the ten worst images (worstImages)
  std::vector<QImage> overlays;   // one per worst image, framed; null where it cannot be drawn
  /// matchAccuracy at OKS .50 under the metric table's evaluation settings (valid.py's, or the
  /// re-evaluation's), as `posescope-cli metrics --accuracy` measures it: the PCK page's chart;
  /// nullopt when not asked for or not measurable (a note says why).
  std::optional<MatchAccuracy> accuracy;
  QStringList notes;  // why an overlay or the accuracy is missing
  /// The evaluation settings that are not valid.py's when run.metrics and the analysis follow
  /// them (the Results page's re-evaluation), one phrase each; empty: valid.py's.
  std::vector<std::string> settingChanges;
  /// What a run beyond valid.py's datasets is scored with (ownSettingsText of its layout: "6
  /// keypoints of 'quadruped6', sigmas from skeleton.json"); "" for COCO's and CrowdPose's joints.
  std::string ownSettings;
};

/// Reads run folder `dir`, analyses its results against its annotation file with
/// analysisParamsFor(layout), and (when `forPdf`) draws the worst images framed for export and
/// measures the per-joint accuracy. Throws Error naming the folder or file when the run, its
/// results or its annotation file cannot be read; an image that cannot be drawn, or an accuracy
/// that cannot be measured, only adds a note.
AnalysisReportContent loadAnalysisReportContent(const QString& dir, bool forPdf = true);

/// The report of run folder `dir` with the analysis the Results page shows (`shown`, of that
/// folder), not analysed again: under changed evaluation settings its metric table is the
/// re-evaluated one and the settings are named. Throws Error naming the folder when it cannot be
/// read; an image that cannot be drawn only adds a note. `forPdf` as loadAnalysisReportContent.
AnalysisReportContent analysisReportContentOf(const QString& dir, const RunAnalysisPtr& shown,
                                              bool forPdf = true);

/// formatAnalysisTables of `content` in `format`. Never fails.
std::string analysisReportTables(const AnalysisReportContent& content, TableFormat format);

}  // namespace posescope
