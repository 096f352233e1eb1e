#include "widgets/session/triage_queues.h"

#include <QCoreApplication>
#include <algorithm>
#include <map>

#include "analysis/error_images.h"

namespace posescope {

namespace {

QString tr(const char* text) {
  return QCoreApplication::translate("TriageQueues", text);
}

// The images of `items` in order, each once, with `keyOf` the item where the image first appears.
template <typename Item, typename Key>
void addImagesOf(const std::vector<Item>& items, Key keyOf, ImageQueue* queue) {
  for (const Item& item : items) {
    const qint64 id = item.imageId;
    if (queue->keys.contains(id)) continue;
    queue->keys.insert(id, keyOf(item));
    queue->imageIds.append(id);
  }
}

// Per image, how many joints of its detections have `label` (every joint when `joint` is -1).
std::map<std::int64_t, int> jointLabelCounts(const KeypointAnalysis& analysis, JointLabel label,
                                             int joint) {
  std::map<std::int64_t, int> count;
  for (const DetectionAnalysis& d : analysis.detections)
    for (std::size_t k = 0; k < d.joints.size(); ++k)
      if ((joint < 0 || static_cast<int>(k) == joint) && d.joints[k] == label) ++count[d.imageId];
  return count;
}

// `ids` as a queue of the images with `what`, ranked by `count`, most first (ties in the order
// of `ids`), the count as key named `keyName`.
ImageQueue countQueue(std::vector<std::int64_t> ids, std::map<std::int64_t, int> count,
                      const QString& what, const QString& keyName) {
  std::stable_sort(ids.begin(), ids.end(),
                   [&](std::int64_t a, std::int64_t b) { return count[a] > count[b]; });
  ImageQueue queue;
  queue.title = tr("images with %1 (count), most first").arg(what);
  queue.keyName = keyName;
  for (std::int64_t id : ids) {
    queue.imageIds.append(id);
    queue.keys.insert(id, count[id]);
  }
  return queue;
}

}  // namespace

QString imageQueueKeyText(const ImageQueue& queue, double key) {
  const QString text = QString::number(key, 'f', queue.keyDecimals);
  return queue.keySigned && key >= 0 ? QStringLiteral("+") + text : text;
}

ImageQueue firstImagesOf(const ImageQueue& queue, int count) {
  if (count <= 0 || count >= queue.imageIds.size()) return queue;
  ImageQueue first = queue;
  first.imageIds = queue.imageIds.mid(0, count);
  return first;
}

QString triagePresetTitle(TriagePreset preset) {
  switch (preset) {
    case TriagePreset::WorstImages:
      return tr("worst images (AP lost), most AP lost first");
    case TriagePreset::WorstOks:
      return tr("lowest OKS of a localised detection (any score), lowest first");
    case TriagePreset::HighScoreFalsePositives:
      return tr("high-score false positives (score), highest first");
    case TriagePreset::MissedPeople:
      return tr("missed people (area), largest first");
    case TriagePreset::Swaps:
      return tr("images with swaps (swaps of a detection), most first");
    case TriagePreset::Inversions:
      return tr("images with inversions (inversions of a detection), most first");
    case TriagePreset::SuspectedAnnotationErrors:
      return tr(
          "suspected annotation errors (swapped, unannotated, displaced joint, duplicate), "
          "strongest first");
  }
  return {};
}

QString triagePresetButtonText(TriagePreset preset) {
  switch (preset) {
    case TriagePreset::WorstImages:
      return tr("Worst images (AP lost)");
    case TriagePreset::WorstOks:
      return tr("Lowest OKS of a localised detection (any score)");
    case TriagePreset::HighScoreFalsePositives:
      return tr("High-score false positives");
    case TriagePreset::MissedPeople:
      return tr("Missed people");
    case TriagePreset::Swaps:
      return tr("Swaps");
    case TriagePreset::Inversions:
      return tr("Inversions");
    case TriagePreset::SuspectedAnnotationErrors:
      return tr("Suspected annotation errors");
  }
  return {};
}

QString triagePresetDescription(TriagePreset preset) {
  switch (preset) {
    case TriagePreset::WorstImages:
      return tr(
          "Queue: the images that cost the dataset's AP most (its AP without the image minus "
          "with it, the metric table's settings), as posescope-cli analyze and the report rank "
          "them");
    case TriagePreset::WorstOks:
      return tr(
          "Queue: the images of the detections localised to a person, lowest OKS of a localised "
          "detection first, whatever its score (a low-scored one costs little AP)");
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
    case TriagePreset::SuspectedAnnotationErrors:
      return tr(
          "Queue: the images whose annotation the run's confident predictions contradict "
          "(Results, Annotation QA; docs/annotation-qa.md), in the suspects' order");
  }
  return {};
}

QString triagePresetName(TriagePreset preset) {
  switch (preset) {
    case TriagePreset::WorstImages:
      return QStringLiteral("worst-images");
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
    case TriagePreset::SuspectedAnnotationErrors:
      return QStringLiteral("suspects");
  }
  return {};
}

std::optional<TriagePreset> triagePresetFromName(const QString& name) {
  for (TriagePreset preset : kTriagePresets)
    if (name.trimmed().compare(triagePresetName(preset), Qt::CaseInsensitive) == 0) return preset;
  return std::nullopt;
}

ImageQueue triageQueue(const RunAnalysis& analysis, TriagePreset preset) {
  const Triage& triage = analysis.triage;
  ImageQueue queue;
  queue.title = triagePresetTitle(preset);
  switch (preset) {
    case TriagePreset::WorstImages:
      queue.keyName = tr("AP lost");
      queue.keyDecimals = 4;
      queue.keySigned = true;
      if (analysis.worstImages)
        addImagesOf(
            *analysis.worstImages, [](const RankedImage& r) { return r.apLost; }, &queue);
      break;
    case TriagePreset::WorstOks:
      queue.keyName = tr("Lowest OKS");
      queue.keyDecimals = 3;
      addImagesOf(
          triage.worstOks, [](const TriageDetection& d) { return d.oks; }, &queue);
      break;
    case TriagePreset::HighScoreFalsePositives:
      queue.keyName = tr("FP score");
      queue.keyDecimals = 3;
      addImagesOf(
          triage.highScoreFalsePositives, [](const TriageDetection& d) { return d.score; }, &queue);
      break;
    case TriagePreset::MissedPeople:
      queue.keyName = tr("Missed area");
      addImagesOf(
          triage.missedPeople, [](const MissedPerson& p) { return p.area; }, &queue);
      break;
    case TriagePreset::Swaps:
      queue.keyName = tr("Swaps (a detection)");
      addImagesOf(
          triage.swaps, [](const TriageDetection& d) { return double(d.swaps); }, &queue);
      break;
    case TriagePreset::Inversions:
      queue.keyName = tr("Inversions (a detection)");
      addImagesOf(
          triage.inversions, [](const TriageDetection& d) { return double(d.inversions); }, &queue);
      break;
    case TriagePreset::SuspectedAnnotationErrors:
      queue.keyName = tr("Suspects");
      if (analysis.suspects) {
        for (const AnnotationSuspect& s : analysis.suspects->suspects) {
          if (!queue.keys.contains(s.imageId)) queue.imageIds.append(s.imageId);
          queue.keys[s.imageId] += 1;
        }
      }
      break;
  }
  return queue;
}

ImageQueue errorQueue(const KeypointAnalysis& analysis, const Triage& triage, ErrorType error,
                      const QString& title) {
  std::map<std::int64_t, int> count;
  switch (error) {
    case ErrorType::Miss:
    case ErrorType::Swap:
    case ErrorType::Inversion:
    case ErrorType::Jitter:
      count = jointLabelCounts(analysis, labelFixedBy(error), -1);
      break;
    case ErrorType::Score:
      for (const TriageDetection& d : triage.worstOks) ++count[d.imageId];
      break;
    case ErrorType::BackgroundFP:
      for (const ImageTriage& i : triage.images) count[i.imageId] = i.backgroundFalsePositives;
      break;
    case ErrorType::FalseNeg:
      for (const ImageTriage& i : triage.images) count[i.imageId] = i.missedPeople;
      break;
    case ErrorType::Baseline:
      break;
  }
  return countQueue(imagesWithError(analysis, triage, error), std::move(count), title,
                    title.left(1).toUpper() + title.mid(1));
}

ImageQueue jointLabelQueue(const KeypointAnalysis& analysis, JointLabel label, int joint,
                           const QString& jointName) {
  const QString what = tr("%1 %2").arg(
      jointName, QString::fromStdString(jointLabelName(label)));  // "left_wrist swap"
  return countQueue(imagesWithJointLabel(analysis, label, joint),
                    jointLabelCounts(analysis, label, joint), what, what);
}

}  // namespace posescope
