#pragma once
// The Inspect page's one-click triage queues: the images of each triage list, in its order.

#include <QList>
#include <QString>
#include <array>
#include <optional>

#include "analysis/triage.h"

namespace posescope {

/// The triage lists a queue can be made of (core/analysis/triage.h).
enum class TriagePreset { WorstOks, HighScoreFalsePositives, MissedPeople, Swaps, Inversions };

inline constexpr std::array<TriagePreset, 5> kTriagePresets = {
    TriagePreset::WorstOks, TriagePreset::HighScoreFalsePositives, TriagePreset::MissedPeople,
    TriagePreset::Swaps, TriagePreset::Inversions};

/// The queue's title ("worst OKS first", "high-score false positives", ...).
QString triagePresetTitle(TriagePreset preset);
/// A short button text ("Worst OKS", "High-score FP", ...).
QString triagePresetButtonText(TriagePreset preset);
/// What the list holds and in which order, for a tooltip.
QString triagePresetDescription(TriagePreset preset);

/// The preset's name on the command line: worst-oks, high-score-fp, missed, swaps, inversions.
QString triagePresetName(TriagePreset preset);
/// The preset named `name` (as triagePresetName), or nullopt.
std::optional<TriagePreset> triagePresetFromName(const QString& name);

/// The image ids of `preset`'s list in `triage`, in the list's order, each image once (where it
/// first appears): worstOks, highScoreFalsePositives, missedPeople (largest first), swaps,
/// inversions. Never fails.
QList<qint64> triageQueue(const Triage& triage, TriagePreset preset);

}  // namespace posescope
