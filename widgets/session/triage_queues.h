#pragma once
// The Inspect page's one-click triage queues: the images of each triage list, in its order, with
// the key they are ordered by; and the image queue any page hands the Inspect page.

#include <QHash>
#include <QList>
#include <QMetaType>
#include <QString>
#include <array>
#include <optional>

#include "widgets/session/run_analysis.h"

namespace posescope {

/// Images to walk in an order, and the key of that order, which the Inspect page's image list
/// shows as a column while the queue is active.
struct ImageQueue {
  QString title;               // what it holds, by which key ("worst images (AP lost), most first")
  QString keyName;             // the key's column header ("AP lost"); "" when it has none
  QList<qint64> imageIds;      // in order, each once
  QHash<qint64, double> keys;  // each image's key (what the key column sorts by)
  int keyDecimals = 0;         // how the key is shown: 0 for counts
  bool keySigned = false;      // "+0.0158": a key that may fall below 0
};

/// `key` as the queue shows it ("+0.0158", "3").
QString imageQueueKeyText(const ImageQueue& queue, double key);

/// The first `count` images of `queue` (all when count <= 0 or beyond its size).
ImageQueue firstImagesOf(const ImageQueue& queue, int count);

/// The triage lists a queue can be made of (core/analysis/triage.h), and the worst images by AP
/// lost (core/analysis/image_ranking.h, as posescope-cli analyze ranks them).
enum class TriagePreset {
  WorstImages,
  WorstOks,
  HighScoreFalsePositives,
  MissedPeople,
  Swaps,
  Inversions,
  SuspectedAnnotationErrors  // the ground truth's own (RunAnalysis::suspects)
};

inline constexpr std::array<TriagePreset, 7> kTriagePresets = {
    TriagePreset::WorstImages,
    TriagePreset::WorstOks,
    TriagePreset::HighScoreFalsePositives,
    TriagePreset::MissedPeople,
    TriagePreset::Swaps,
    TriagePreset::Inversions,
    TriagePreset::SuspectedAnnotationErrors};

/// The queue's title, naming its key ("worst images (AP lost), most AP lost first", ...).
QString triagePresetTitle(TriagePreset preset);
/// The button or menu text ("Worst images (AP lost)", "Lowest OKS of a localised detection (any
/// score)", ...).
QString triagePresetButtonText(TriagePreset preset);
/// What the list holds and in which order, for a tooltip.
QString triagePresetDescription(TriagePreset preset);

/// The preset's name on the command line: worst-images, worst-oks, high-score-fp, missed, swaps,
/// inversions, suspects.
QString triagePresetName(TriagePreset preset);
/// The preset named `name` (as triagePresetName), or nullopt.
std::optional<TriagePreset> triagePresetFromName(const QString& name);

/// The queue of `preset` in `analysis`: its images in the list's order, each once (where it first
/// appears), with the key at that place: AP lost (worstImages), the lowest OKS of a localised
/// detection (worstOks), the background false positive's score, the missed person's area, the
/// detection's swaps or inversions; for the suspected annotation errors, the images in the
/// suspects' order (by kind, strongest first) with the number of suspects of each. Never fails.
ImageQueue triageQueue(const RunAnalysis& analysis, TriagePreset preset);

/// The images behind the AP-if-fixed bar of `error` (core's imagesWithError) ranked by how much
/// of that error each holds, most first (ties in imagesWithError's order), the count as key:
/// joints with the label for keypoint errors, localised detections for the score, background
/// false positives, missed people. `title` names the error ("missed joints"). Never fails.
ImageQueue errorQueue(const KeypointAnalysis& analysis, const Triage& triage, ErrorType error,
                      const QString& title);

/// The images behind a segment of the per-joint error chart: those with a localised detection
/// whose joint `joint` has `label` (core's imagesWithJointLabel, most first), the number of such
/// joints in the image as key, named "left_wrist swap" after `jointName`. Never fails.
ImageQueue jointLabelQueue(const KeypointAnalysis& analysis, JointLabel label, int joint,
                           const QString& jointName);

}  // namespace posescope

Q_DECLARE_METATYPE(posescope::ImageQueue)
