#pragma once
// Where to look first: the analysis turned into sortable lists of detections, missed people and
// images (worst localisation, confident false positives, largest missed people, swaps, inversions).

#include <cstdint>
#include <optional>
#include <vector>

#include "analysis/keypoint_analysis.h"
#include "eval/keypoint_data.h"

namespace posescope {

/// A detection with its error counts.
struct TriageDetection {
  std::size_t index = 0;  // position in the results list
  std::int64_t imageId = 0;
  std::optional<std::int64_t> gtId;
  double score = 0;
  double oks = 0;  // with the localised person; 0 when none
  int swaps = 0, inversions = 0, misses = 0, jitters = 0;
};

/// A person no detection found.
struct MissedPerson {
  std::int64_t gtId = 0;
  std::int64_t imageId = 0;
  double area = 0;         // the area the OKS is scaled by
  int labelledJoints = 0;  // joints with a visibility flag above 0
};

/// Per-image error counts.
struct ImageTriage {
  std::int64_t imageId = 0;
  int detections = 0;  // in the results
  int people = 0;      // labelled, non-crowd people
  int swaps = 0, inversions = 0, misses = 0, jitters = 0;
  int backgroundFalsePositives = 0;  // at the lowest OKS threshold
  int missedPeople = 0;              // labelled, non-crowd people missed at the lowest threshold
  /// Mean OKS of its detections localised to a labelled person (coco-analyze's matching at OKS
  /// .1, "loc. OKS"): not image_eval.jsonl's mean OKS, which is of the matches at OKS .50; -1
  /// when none.
  double localisedOks = -1;
};

/// The triage lists, each in its own order.
struct Triage {
  std::vector<TriageDetection> worstOks;  // localised to a labelled person, lowest OKS first
  std::vector<TriageDetection> highScoreFalsePositives;  // background FPs, highest score first
  std::vector<MissedPerson> missedPeople;                // largest first
  std::vector<TriageDetection> swaps;       // detections with a swapped joint, most swaps first
  std::vector<TriageDetection> inversions;  // detections with an inverted joint, most first
  std::vector<ImageTriage> images;          // every image of the ground truth, id order
};

/// Builds the lists from `analysis` of results against `gt` (background errors at the lowest OKS
/// threshold, .50 by default); never fails for an analysis of that ground truth.
Triage buildTriage(const KeypointAnalysis& analysis, const KeypointGroundTruth& gt);

}  // namespace posescope
