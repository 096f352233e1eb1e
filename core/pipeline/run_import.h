#pragma once
// Predictions made elsewhere (MMPose, Ultralytics, Detectron2, own code) kept as a run folder:
// `posescope-cli import` and the GUI's File → Open Predictions…. No network, no timings; the
// folder opens wherever an evaluation's does (metrics, analyze, compare, export, every page).
// No Torch.

#include <functional>
#include <string>

#include "eval/keypoint_layout.h"
#include "pipeline/run_folder.h"

namespace posescope {

/// What `posescope-cli import` and File → Open Predictions… take.
struct ImportOptions {
  std::string groundTruth;  // COCO-style keypoint ground truth
  /// Keypoint results file (pycocotools list; MMPose, Ultralytics, Detectron2 as written).
  std::string results;
  /// Optional: where the images are (Inspect draws on them); not read at import.
  std::string imagesDir;
  std::string name;     // optional run name (default: the results file's stem)
  LayoutChoice layout;  // --sigmas / --skeleton / --category / --dataset
};

/// Writes run folder `outDir` for `options`: run.json (state complete, imported true, dataset
/// "coco"/"crowd_pose" from the layout's variant, annotation file absolute, category id and
/// category_restricted, images total/done = the ground truth's images, started_at, inputs with
/// their SHA-256 as eval records them: annotations, results, skeleton when given, the images
/// folder without digest), skeleton.json (formatSkeletonJson of the resolved layout's skeleton,
/// always), results.json (the detections, scored identically to the given file), records.jsonl
/// (one ImageRecord per ground-truth image, people = that image's detections, joints (x, y,
/// score, tag 0), no timings), and then metrics.json/metrics.md/image_eval.jsonl/analysis.json
/// via computeRunMetrics. Nothing is written on failure: the folder is written as a temporary
/// sibling and renamed into place at the end (removed on any exception); an existing non-empty
/// `outDir` is refused. `log` receives notes. Throws Error / EvalError naming the file and key.
LoadedRun importPredictions(const std::string& outDir, const ImportOptions& options,
                            const std::function<void(const std::string&)>& log);

}  // namespace posescope
