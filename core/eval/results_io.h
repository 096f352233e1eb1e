#pragma once
// Reads and writes COCO keypoint results files (the list valid.py writes and loadRes reads), as
// pycocotools, MMPose, Detectron2 and Ultralytics write them (README "Results files").

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "eval/keypoint_data.h"

namespace posescope {

/// Reads a results JSON file (a list of {image_id, category_id, keypoints, score[, bbox]});
/// throws EvalError naming the file and the entry for malformed JSON, missing fields, NaN or
/// infinite values. As pycocotools' loadRes: when the first entry has a non-empty "bbox", every
/// entry's area is bbox w*h, otherwise it is left to the keypoint extremes. A string "image_id"
/// (a file name stem) is an EvalError saying that it needs the ground truth: use loadResultsFor.
/// A file that is no list (a whole COCO ground truth given by mistake) is an EvalError saying so.
std::vector<KeypointDetection> loadResults(const std::string& path);

/// Same as loadResults for JSON text in memory; `source` names it in messages.
std::vector<KeypointDetection> parseResults(const std::string& jsonText, const std::string& source);

/// A results file read with its image ids as written: Ultralytics' predictions.json names an
/// image by its file name's stem (a string) where the stem is not a number.
struct ResultsWithImageNames {
  std::string source;
  std::vector<KeypointDetection> detections;  // imageId 0 where the entry gave a string
  std::vector<std::pair<std::size_t, std::string>> imageNames;  // entry index, its string id
};

/// Reads a results file as loadResults does, keeping string image ids for resolveImageNames, so
/// that the file can be parsed while the ground truth loads.
ResultsWithImageNames loadResultsWithImageNames(const std::string& path);

/// The detections, each string image id replaced by the id of the ground-truth image whose file
/// name stem (file_name without folders and extension, as Python's Path.stem) it is, digits-only
/// ids included. Throws EvalError naming the id and both files for a stem no image has or two
/// images share. Numeric ids are left as they are.
std::vector<KeypointDetection> resolveImageNames(ResultsWithImageNames results,
                                                 const KeypointGroundTruth& gt);

/// loadResults for a file whose image ids may be file name stems, resolved against `gt`.
std::vector<KeypointDetection> loadResultsFor(const std::string& path,
                                              const KeypointGroundTruth& gt);

/// Same as loadResultsFor for JSON text in memory; `source` names it in messages.
std::vector<KeypointDetection> parseResultsFor(const std::string& jsonText,
                                               const std::string& source,
                                               const KeypointGroundTruth& gt);

/// The results list in the reference's format (bbox from the keypoint extremes), as JSON text.
std::string formatResultsJson(const std::vector<KeypointDetection>& detections);

}  // namespace posescope
