#pragma once
// Suspected annotation errors: ground-truth people a run's confident predictions contradict,
// ranked, each with its evidence and a suggested fix — left and right swapped, a person never
// annotated, one joint displaced, the same person annotated twice. Any skeleton: OKS with the
// layout's sigmas, the swap check with its flip pairs.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "eval/keypoint_data.h"
#include "eval/keypoint_layout.h"

namespace posescope {

/// The kinds of suspect, in the order they are reported.
enum class SuspectKind { SwappedLeftRight, UnannotatedPerson, DisplacedJoint, Duplicate };
inline constexpr SuspectKind kSuspectKinds[] = {
    SuspectKind::SwappedLeftRight, SuspectKind::UnannotatedPerson, SuspectKind::DisplacedJoint,
    SuspectKind::Duplicate};

/// Its name in reports: "left/right swapped", "unannotated person", "displaced joint",
/// "duplicate".
std::string suspectKindName(SuspectKind kind);
/// Its key in JSON and on the command line: "swap", "unannotated", "displaced", "duplicate".
std::string suspectKindKey(SuspectKind kind);

/// When a prediction counts as evidence against an annotation. The defaults were chosen on the
/// demo model's runs of generated sets with errors injected (seeds 5 and 7; scripts/bench-suspects
/// measures them on others, docs/annotation-qa.md).
struct SuspectThresholds {
  double minScore = 0.2;                // a prediction's score, to be evidence at all
  double swapMinOks = 0.5;              // OKS of the prediction with the annotation flipped
  double swapMinGain = 0.25;            // ... above its OKS with the annotation as it is
  double unannotatedMinScore = 0.3;     // a prediction with no annotated person under it
  double unannotatedMaxOks = 0.1;       // its OKS with every person of its image stays below this
  double displacedMaxSimilarity = 0.1;  // the joint's keypoint similarity (OKS's term)
  double displacedMinOthers = 0.6;      // the mean of the person's other labelled joints'
  int displacedMinJoints = 5;           // labelled joints a person needs for the check
  /// How much less plausible the annotation's limbs at the joint are than the prediction's (a
  /// log ratio; displacedEvidence): what tells an annotation's error from the model's own.
  double displacedMinEvidence = 0.4;
};

/// One suspect.
struct AnnotationSuspect {
  /// Its stable name across runs of the check on the same files: "swap/123",
  /// "displaced/123/left_wrist", "duplicate/99", "unannotated/5/17" (image 5, prediction 17).
  std::string key;
  SuspectKind kind = SuspectKind::SwappedLeftRight;
  std::int64_t imageId = 0;
  std::int64_t annotationId = 0;       // the annotation suspected; 0 for an unannotated person
  std::int64_t otherAnnotationId = 0;  // a duplicate's first annotation (the one kept)
  long detection = -1;                 // the prediction that is the evidence (results order)
  int joint = -1;                      // a displaced joint (0-based)
  double strength = 0;                 // the ranking key within the kind, higher first
  std::string evidence;                // "prediction 12 (score 0.81): OKS 0.21 as annotated ..."
  std::string fix;                     // "swap every left and right joint", ...
  /// The person's keypoints (x, y, v per joint) after the fix: the flipped annotation, the moved
  /// joint, the new person's (the prediction's joints, v = 2); empty for a duplicate (removed).
  std::vector<double> fixedKeypoints;
};

/// What findAnnotationSuspects found.
struct AnnotationSuspects {
  /// By kind (kSuspectKinds' order), strongest first within a kind.
  std::vector<AnnotationSuspect> suspects;
  std::size_t images = 0, people = 0, predictions = 0;
  /// False when the layout has no flip pairs: swaps are "not computed", not "none found".
  bool swapsComputed = true;
  /// How many of each kind, in kSuspectKinds' order.
  std::vector<std::size_t> counts() const;
};

/// The suspects of `gt` given `results` (a run's predictions on its images), scored with
/// `layout`. Predictions and people of categories outside the layout are left out; `detection`
/// indices are positions in `results`. Never fails on valid inputs (keypoint vectors of the
/// layout's size, as the loaders guarantee).
AnnotationSuspects findAnnotationSuspects(const KeypointGroundTruth& gt,
                                          const std::vector<KeypointDetection>& results,
                                          const KeypointLayout& layout,
                                          const SuspectThresholds& thresholds = {});

/// What a person decided about suspects: key -> accepted (true) or rejected (false).
using SuspectDecisions = std::map<std::string, bool>;

/// The report as Markdown: how many of each kind, then up to `top` of each kind, strongest first
/// (key, image, annotation, evidence, fix, decision). Never fails.
std::string formatSuspectsMarkdown(const AnnotationSuspects& found, const std::string& source,
                                   std::size_t top, const SuspectDecisions& decisions = {});
/// The report as JSON: {"source", "images", "people", "predictions", "swaps_computed", "counts":
/// {kind: n}, "suspects": [{"key", "kind", "image_id", "annotation_id", "other_annotation_id",
/// "detection", "joint", "strength", "evidence", "fix", "fixed_keypoints", "decision" ("accepted",
/// "rejected" or null)}]}, up to `top` of each kind. Never fails.
std::string formatSuspectsJson(const AnnotationSuspects& found, const std::string& source,
                               std::size_t top, const SuspectDecisions& decisions = {});

}  // namespace posescope
