#pragma once
// The tables of a run's analysis report — run identity, metric table, AP if fixed, joint labels,
// the ten worst images — as Markdown, CSV and JSON (the PDF report draws the same numbers).

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "analysis/image_ranking.h"
#include "analysis/keypoint_analysis.h"
#include "analysis/triage.h"
#include "pipeline/run_folder.h"
#include "report/run_exports.h"
#include "report/run_ground_truth.h"

namespace posescope {

/// AP with `error` fixed in area `area` at OKS threshold `oks`, or the mean over the thresholds
/// when `oks` < 0; -1 when undefined (no such threshold, nothing to recall). Never fails.
double apIfFixedAt(const KeypointAnalysis& analysis, ErrorType error, const std::string& area,
                   double oks);

/// OKS thresholds as the tables write them: ".50:.95" for ten from .50 in steps of .05 (COCO's
/// notation: a step of .05 is left out), ".50:.10:.90" for another even step, ".50" for one,
/// ".50, .60, .90" otherwise. Never fails.
std::string oksThresholdsText(const std::vector<double>& thresholds);

/// The sentence every "Where the AP goes" shows: its bars start from coco-analyze's AP (area 'all'
/// as the analysis bounds it, from 32² by default, mean over its OKS thresholds) while the metric
/// table's AP is valid.py's (area 'all' from 0) or, when `tableIsValidPys` is false, the changed
/// settings'; both numbers ("0.523", "0.508"). `tableAp` < 0: the table's is not known and only
/// the baseline is named. Never fails.
std::string apBaselineNote(const KeypointAnalysis& analysis, double tableAp, bool tableIsValidPys);

/// The (area, OKS) columns of the report's AP-if-fixed table: all at .50, .75 and the mean,
/// medium and large at the mean (oks -1).
struct ApColumn {
  std::string area;
  double oks = -1;
  std::string title;  // "all .50", "medium mean", ...
};
std::vector<ApColumn> reportApColumns();

/// One of the worst images, ranked by AP lost (analysis/image_ranking.h), with the errors it holds.
struct WorstImage {
  std::int64_t imageId = 0;
  std::string file;     // from the run's records; "" when the image has no record
  double apLost = 0;    // the dataset's AP without the image minus its AP
  double imageAp = -1;  // the image's own AP; -1 without a labelled person
  int people = 0;       // labelled, non-crowd people
  int detections = 0;
  int missedPeople = 0;
  int backgroundFalsePositives = 0;
};

/// The first `count` images of `ranked` with their counts from `triage` and files from `records`.
/// Never fails.
std::vector<WorstImage> worstImages(const std::vector<RankedImage>& ranked, const Triage& triage,
                                    const std::vector<ImageRecord>& records,
                                    std::size_t count = 10);

/// The heading every worst-image list carries: what the order is ("The 10 worst images by AP
/// lost"), and the sentence that says what the key means.
std::string worstImagesHeading(std::size_t count);
std::string worstImagesKey();

/// What the report needs of a run's analysis.
struct RunReportAnalysis {
  RunEvaluationInput input;  // what was analysed
  KeypointAnalysis analysis;
  Triage triage;
  std::vector<WorstImage> worst;  // the ten worst images by AP lost
  std::string worstNote;          // why there are none when the images could not be ranked
};

/// Analyses `run`'s results against its annotation file as `posescope-cli analyze RUN_DIR` does
/// (analysisParamsFor(layout)). Throws Error naming the folder or file when its results or
/// annotation file cannot be read (loadRunEvaluationInput), EvalError for bad entries.
RunReportAnalysis analyzeRunForReport(const LoadedRun& run);

/// The report's tables: Markdown (headed sections), CSV ("section,row,column,value", numbers in
/// round-trip precision) or JSON (run, metrics, ap_if_fixed with every threshold, joint_labels,
/// worst_images). Never fails.
/// `settingChanges`: the evaluation settings that are not valid.py's, one phrase each
/// (differencesFromReference), when `run.metrics` was evaluated with them; the metrics section then
/// says so (Markdown heading, CSV "settings" rows, JSON "settings" list).
std::string formatAnalysisTables(const LoadedRun& run, const KeypointAnalysis& analysis,
                                 const std::vector<WorstImage>& worst, TableFormat format,
                                 const std::vector<std::string>& settingChanges = {});

}  // namespace posescope
