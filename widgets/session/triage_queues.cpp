#include "widgets/session/triage_queues.h"

#include <QCoreApplication>
#include <QSet>

namespace posescope {

namespace {

QString tr(const char* text) {
  return QCoreApplication::translate("TriageQueues", text);
}

// The image ids of `items` in order, each once.
template <typename Item>
QList<qint64> imagesOf(const std::vector<Item>& items) {
  QList<qint64> ids;
  QSet<qint64> seen;
  for (const Item& item : items) {
    const qint64 id = item.imageId;
    if (seen.contains(id)) continue;
    seen.insert(id);
    ids.append(id);
  }
  return ids;
}

}  // namespace

QString triagePresetTitle(TriagePreset preset) {
  switch (preset) {
    case TriagePreset::WorstOks:
      return tr("worst OKS first");
    case TriagePreset::HighScoreFalsePositives:
      return tr("high-score false positives");
    case TriagePreset::MissedPeople:
      return tr("missed people, largest first");
    case TriagePreset::Swaps:
      return tr("images with swaps");
    case TriagePreset::Inversions:
      return tr("images with inversions");
  }
  return {};
}

QString triagePresetButtonText(TriagePreset preset) {
  switch (preset) {
    case TriagePreset::WorstOks:
      return tr("Worst OKS");
    case TriagePreset::HighScoreFalsePositives:
      return tr("High-score FP");
    case TriagePreset::MissedPeople:
      return tr("Missed");
    case TriagePreset::Swaps:
      return tr("Swaps");
    case TriagePreset::Inversions:
      return tr("Inversions");
  }
  return {};
}

QString triagePresetDescription(TriagePreset preset) {
  switch (preset) {
    case TriagePreset::WorstOks:
      return tr("Queue: the images of the detections localised to a person, lowest OKS first");
    case TriagePreset::HighScoreFalsePositives:
      return tr(
          "Queue: the images of the background false positives (OKS .50), highest score first");
    case TriagePreset::MissedPeople:
      return tr(
          "Queue: the images of the people no detection found (OKS .50), largest person first");
    case TriagePreset::Swaps:
      return tr(
          "Queue: the images of the detections with a joint on another person, most swaps first");
    case TriagePreset::Inversions:
      return tr(
          "Queue: the images of the detections with a left/right inversion, most inversions first");
  }
  return {};
}

QString triagePresetName(TriagePreset preset) {
  switch (preset) {
    case TriagePreset::WorstOks:
      return QStringLiteral("worst-oks");
    case TriagePreset::HighScoreFalsePositives:
      return QStringLiteral("high-score-fp");
    case TriagePreset::MissedPeople:
      return QStringLiteral("missed");
    case TriagePreset::Swaps:
      return QStringLiteral("swaps");
    case TriagePreset::Inversions:
      return QStringLiteral("inversions");
  }
  return {};
}

std::optional<TriagePreset> triagePresetFromName(const QString& name) {
  for (TriagePreset preset : kTriagePresets)
    if (name.trimmed().compare(triagePresetName(preset), Qt::CaseInsensitive) == 0) return preset;
  return std::nullopt;
}

QList<qint64> triageQueue(const Triage& triage, TriagePreset preset) {
  switch (preset) {
    case TriagePreset::WorstOks:
      return imagesOf(triage.worstOks);
    case TriagePreset::HighScoreFalsePositives:
      return imagesOf(triage.highScoreFalsePositives);
    case TriagePreset::MissedPeople:
      return imagesOf(triage.missedPeople);
    case TriagePreset::Swaps:
      return imagesOf(triage.swaps);
    case TriagePreset::Inversions:
      return imagesOf(triage.inversions);
  }
  return {};
}

}  // namespace posescope
