#pragma once
// valid.py's scoring of a finished run, and the files a run folder keeps of it. Shared by the
// Evaluator (end of a run) and `posescope-cli merge` (shards joined), so both give the same
// numbers and the same files. No Torch.

#include <functional>
#include <string>
#include <vector>

#include "eval/keypoint_eval.h"
#include "eval/metric_table.h"
#include "pipeline/image_record.h"
#include "pipeline/run_folder.h"

namespace posescope {

/// The metric table of a run, valid.py's Markdown rendering of it, and the per-image evaluations
/// of the same scoring (what image_eval.jsonl keeps).
struct RunMetrics {
  MetricTable table;
  std::string markdown;
  std::vector<ImageEvaluation> images;
};

/// Scores `records` against summary.annotationFile (COCO or CrowdPose rules from
/// summary.datasetKind). With a `writer`, detections are read back from its results.json (the file
/// users hand to other tools; written before this call) and metrics.json, metrics.md,
/// image_eval.jsonl and analysis.json are written; the table is appended to log.txt. Without one,
/// detections come from the records. `allImagesEvaluated` false restricts the ground truth to the
/// records' images. `archName` is the table's row name. `log` receives notes. Throws Error
/// (DatasetError, EvalError) naming the file when the annotations or results cannot be scored; an
/// error analysis that does not apply (e.g. two keypoint categories) is a note, not an error.
RunMetrics computeRunMetrics(const std::vector<ImageRecord>& records, const RunSummary& summary,
                             bool allImagesEvaluated, const std::string& archName,
                             RunWriter* writer, const std::function<void(const std::string&)>& log);

}  // namespace posescope
