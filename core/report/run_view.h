#pragma once
// A view of a run folder: which of its images a query keeps, and those images as a COCO subset
// (ground truth + results) that every command and pycocotools read as they read the originals.

#include <cstdint>
#include <set>
#include <string>

#include "pipeline/run_folder.h"
#include "report/view_query.h"

namespace posescope {

/// The ids of `run`'s images in the view of `query`: its per-image table joined with its ground
/// truth, when the query names people the keypoint error analysis `posescope-cli analyze
/// RUN_DIR` makes, and when it names tags the run folder's tags.json (each read only when the
/// query needs it). Throws Error naming the folder or file that cannot be read.
std::set<std::int64_t> runImagesInView(const LoadedRun& run, const ViewQuery& query);

/// A COCO file's JSON text (ground truth: "images" and "annotations"; or a results list) keeping
/// only the entries of images in `imageIds`; every other key and field is kept as it was.
/// Throws EvalError naming `source` when the text is not such a file.
std::string cocoSubsetText(const std::string& text, const std::string& source,
                           const std::set<std::int64_t>& imageIds);

}  // namespace posescope
