#pragma once
// Greedy matching of one image's detections to its ground truth for one area range
// (pycocotools' evaluateImg for keypoints).

#include <cstdint>
#include <vector>

#include "eval/eval_params.h"
#include "eval/keypoint_data.h"

namespace posescope {

/// The people of one image and category, prepared for matching.
struct ImageInput {
  std::vector<const GroundTruthPerson*> gts;  // annotation order of the file
  std::vector<const KeypointDetection*> dts;  // best score first (stable), at most maxDets
  std::vector<std::int64_t> dtIds;            // 1-based position in the detection list
  std::vector<double> oks;                    // dts x gts, row-major (empty if either is empty)
};

/// Matching of one image for one area range, at every OKS threshold (T rows of D or G columns).
struct ImageAreaMatch {
  std::size_t numDets = 0;
  std::vector<double> dtScores;           // D
  std::vector<std::int64_t> dtMatchGtId;  // T x D: matched annotation id, 0 when unmatched
  std::vector<int> dtMatchGt;             // T x D: matched index into ImageInput::gts, or -1
  std::vector<char> dtIgnore;             // T x D: matched an ignored gt, or unmatched out of range
  std::vector<char> gtIgnore;             // G, in ImageInput::gts order
  std::size_t numRegularGts = 0;          // gts not ignored: the recall denominator
};

/// Whether a ground truth person is ignored regardless of area (crowd, or num_keypoints == 0).
bool isIgnoredPerson(const GroundTruthPerson& gt);

/// Whether a ground truth person is ignored in area range `area`: ignored regardless
/// (isIgnoredPerson) or its area (groundTruthArea) outside the range, as the matching decides.
bool isIgnoredInArea(const GroundTruthPerson& gt, const AreaRange& area, EvalVariant variant);

/// Runs the reference's greedy matching for `area`; never fails for consistent input.
ImageAreaMatch matchImage(const ImageInput& input, const EvalParams& params, const AreaRange& area);

}  // namespace posescope
