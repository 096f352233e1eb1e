#pragma once
// What a person decided about a run's suspected annotation errors (suspect_decisions.json in the
// run folder, kept like tags), and the ground truth with the accepted fixes applied: the
// annotation file itself, every other field as it was, plus a change list.

#include <map>
#include <string>
#include <vector>

#include "analysis/annotation_suspects.h"
#include "eval/keypoint_data.h"

namespace posescope {

/// The decisions file of a run folder.
inline constexpr const char* kSuspectDecisionsFile = "suspect_decisions.json";

/// The decisions of run folder `runDir` (none without the file). Throws Error naming the file
/// when it is not {"decisions": {"KEY": "accepted" | "rejected", ...}}.
SuspectDecisions readSuspectDecisions(const std::string& runDir);
/// Replaces `runDir`'s decisions file atomically. Throws Error naming the file.
void writeSuspectDecisions(const std::string& runDir, const SuspectDecisions& decisions);

/// The annotation file with fixes applied, and what changed.
struct AnnotationFixes {
  std::string json;                  // the whole file, corrected
  std::vector<std::string> changes;  // one line per fix: "image 5, annotation 12: ..."
};

/// Applies `fixes` to the annotation file's text `annotationText` (`source` names it): a swap or a
/// displaced joint replaces the annotation's keypoints with the fixed ones; a duplicate removes
/// the annotation; an unannotated person becomes a new annotation (the next free id, category
/// `categoryId`, the prediction's joints labelled visible, num_keypoints, its keypoints' box as
/// bbox and that box's area as area, iscrowd 0). Every other key of the file and of each
/// annotation is kept, in its order. Throws Error naming `source` when it is not an annotation
/// file or an annotation a fix names is not in it.
AnnotationFixes applyAnnotationFixes(const std::string& annotationText, const std::string& source,
                                     const std::vector<AnnotationSuspect>& fixes,
                                     std::int64_t categoryId);

/// The same fixes on a ground truth already read: what applyAnnotationFixes writes, read back
/// (an added person has id `nextId`, `nextId` + 1, ...; the images' sizes are `gt`'s). For the
/// metrics with the fixes without writing a file. Never fails: a fix naming an annotation `gt`
/// lacks changes nothing.
KeypointGroundTruth groundTruthWithFixes(const KeypointGroundTruth& gt,
                                         const std::vector<AnnotationSuspect>& fixes,
                                         std::int64_t categoryId, std::int64_t nextId);

/// One more than the largest annotation id of `gt` (1 for none): the first id a fix may add.
std::int64_t nextAnnotationId(const KeypointGroundTruth& gt);

/// The suspects of `found` accepted in `decisions`, in `found`'s order.
std::vector<AnnotationSuspect> acceptedSuspects(const AnnotationSuspects& found,
                                                const SuspectDecisions& decisions);

}  // namespace posescope
