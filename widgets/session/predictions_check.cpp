#include "widgets/session/predictions_check.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QObject>
#include <algorithm>
#include <set>
#include <unordered_set>

#include "eval/ground_truth.h"
#include "eval/keypoint_layout.h"
#include "eval/results_io.h"

namespace posescope {

namespace {

QString message(const std::exception& e) {
  return QString::fromStdString(e.what());
}

// The keypoint categories of `gt` when their joint lists differ (one must be chosen), else none.
std::vector<CategoryChoice> categoriesToChoose(const KeypointGroundTruth& gt) {
  std::set<std::vector<std::string>> layouts;
  std::vector<CategoryChoice> choices;
  for (const KeypointCategory& c : gt.categories) {
    if (c.keypoints.empty()) continue;
    layouts.insert(c.keypoints);
    choices.push_back({c.id, QStringLiteral("%1 (id %2, %3 joints)")
                                 .arg(QString::fromStdString(c.name))
                                 .arg(c.id)
                                 .arg(c.keypoints.size())});
  }
  if (layouts.size() < 2) choices.clear();
  return choices;
}

// The first problem of `detections` against `layout` and `gt`, as importPredictions reports it.
QString detectionsProblem(const std::vector<KeypointDetection>& detections,
                          const KeypointGroundTruth& gt, const KeypointLayout& layout) {
  std::unordered_set<std::int64_t> images;
  for (const auto& image : gt.images) images.insert(image.id);
  const std::size_t values = 3 * layout.skeleton.joints.size();
  for (std::size_t d = 0; d < detections.size(); ++d) {
    const KeypointDetection& detection = detections[d];
    if (!images.count(detection.imageId))
      return QObject::tr("result %1: image_id %2 is not an image of the ground truth")
          .arg(d)
          .arg(detection.imageId);
    const bool evaluated = std::find(layout.categoryIds.begin(), layout.categoryIds.end(),
                                     detection.categoryId) != layout.categoryIds.end();
    if (evaluated && detection.keypoints.size() != values)
      return QObject::tr("result %1 has %2 joints; the ground truth's layout has %3")
          .arg(d)
          .arg(detection.keypoints.size() / 3)
          .arg(layout.skeleton.joints.size());
  }
  return {};
}

QString imagesProblem(const QString& dir, const KeypointGroundTruth* gt) {
  if (!QFileInfo(dir).isDir()) return QObject::tr("not a folder");
  if (gt && !gt->images.empty() &&
      !QFileInfo::exists(QDir(dir).filePath(QString::fromStdString(gt->images.front().fileName))))
    return QObject::tr("holds no %1 (the ground truth's first image)")
        .arg(QString::fromStdString(gt->images.front().fileName));
  return {};
}

// The skeleton file named, read into `choice`; throws as loadSkeletonFile.
void readSkeletonFile(const PredictionsForm& form, LayoutChoice& choice) {
  if (form.skeleton.isEmpty()) return;
  choice.skeletonSource = form.skeleton.toStdString();
  choice.skeletonFile = loadSkeletonFile(choice.skeletonSource);
}

// The sigmas typed, parsed into `choice`; throws EvalError naming them when one is no number.
void readSigmas(const PredictionsForm& form, LayoutChoice& choice) {
  if (form.sigmas.isEmpty()) return;
  choice.sigmasSource = QObject::tr("the sigmas typed").toStdString();
  choice.sigmas = parseNumberList(form.sigmas.toStdString(), choice.sigmasSource);
}

LayoutChoice layoutChoiceOf(const PredictionsForm& form) {
  LayoutChoice choice;
  readSkeletonFile(form, choice);
  readSigmas(form, choice);
  choice.categoryId = form.categoryId;
  return choice;
}

}  // namespace

bool PredictionsCheck::ok() const {
  return complete && groundTruthError.isEmpty() && resultsError.isEmpty() &&
         imagesError.isEmpty() && skeletonError.isEmpty() && sigmasError.isEmpty() &&
         categoryError.isEmpty();
}

template <typename T>
template <typename Read>
std::shared_ptr<const T> PredictionsInputs::Cached<T>::get(std::mutex& mutex, const QString& file,
                                                           Read read) {
  const QFileInfo info(file);
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (value && path == file && modified == info.lastModified() && size == info.size())
      return value;
  }
  auto fresh = std::make_shared<const T>(read(file.toStdString()));
  std::lock_guard<std::mutex> lock(mutex);
  path = file;
  modified = info.lastModified();
  size = info.size();
  value = fresh;
  return fresh;
}

std::shared_ptr<const KeypointGroundTruth> PredictionsInputs::groundTruth(const QString& path) {
  return groundTruth_.get(mutex_, path, loadGroundTruth);
}

std::shared_ptr<const ResultsWithImageNames> PredictionsInputs::results(const QString& path) {
  return results_.get(mutex_, path, loadResultsWithImageNames);
}

PredictionsCheck checkPredictions(const PredictionsForm& form, PredictionsInputs& inputs) {
  PredictionsCheck check;
  check.complete = !form.groundTruth.isEmpty() && !form.results.isEmpty();
  std::shared_ptr<const KeypointGroundTruth> gt;
  if (!form.groundTruth.isEmpty()) {
    try {
      gt = inputs.groundTruth(form.groundTruth);
      // The field names the file: each warning without it.
      const std::string prefix = gt->source + ": ";
      QStringList warnings;
      for (const std::string& w : gt->warnings)
        warnings << QString::fromStdString(w.rfind(prefix, 0) == 0 ? w.substr(prefix.size()) : w);
      check.groundTruthWarning = warnings.join(QStringLiteral("; "));
      if (std::none_of(gt->categories.begin(), gt->categories.end(),
                       [](const KeypointCategory& c) { return !c.keypoints.empty(); }))
        check.groundTruthError = QObject::tr("no category has keypoints");
    } catch (const std::exception& e) {
      check.groundTruthError = message(e);
    }
  }
  std::shared_ptr<const ResultsWithImageNames> read;
  if (!form.results.isEmpty()) {
    try {
      read = inputs.results(form.results);
    } catch (const std::exception& e) {
      check.resultsError = message(e);
    }
  }
  if (!form.imagesDir.isEmpty()) check.imagesError = imagesProblem(form.imagesDir, gt.get());
  LayoutChoice choice;
  choice.categoryId = form.categoryId;
  try {
    readSkeletonFile(form, choice);
  } catch (const std::exception& e) {
    check.skeletonError = message(e);
  }
  try {
    readSigmas(form, choice);
  } catch (const std::exception& e) {
    check.sigmasError = message(e);
  }
  // Both: the file's sigmas would win and the ones typed be dropped without a word.
  if (!form.skeleton.isEmpty() && !form.sigmas.isEmpty() && check.sigmasError.isEmpty())
    check.sigmasError =
        QObject::tr("the skeleton file gives the sigmas: clear one of the two fields");
  if (!gt || !check.groundTruthError.isEmpty() || !check.skeletonError.isEmpty() ||
      !check.sigmasError.isEmpty())
    return check;

  check.categories = categoriesToChoose(*gt);
  if (!check.categories.empty() && !form.categoryId) {
    check.categoryError = QObject::tr(
        "the ground truth's keypoint categories have different "
        "joints: choose the one the results are for");
    return check;
  }
  KeypointLayout layout;
  try {
    layout = resolveKeypointLayout(*gt, choice);
  } catch (const UnknownSigmasError& e) {
    // The dialog's own ways to give them, not the command line's options.
    check.skeletonError =
        QObject::tr(
            "%1 joints, not COCO's or CrowdPose's: choose a skeleton file or type %1 "
            "sigmas below")
            .arg(e.joints);
    return check;
  } catch (const EvalError& e) {
    if (choice.sigmas && !choice.skeletonFile) {  // the sigmas typed do not fit the joints
      check.sigmasError = message(e);
      return check;
    }
    (form.categoryId ? check.categoryError : check.skeletonError) = message(e);
    return check;
  } catch (const std::exception& e) {
    // Unknown sigmas are the skeleton file's to give; a category the ground truth lacks is the
    // category's.
    (form.categoryId ? check.categoryError : check.skeletonError) = message(e);
    return check;
  }
  if (!read) return check;
  std::vector<KeypointDetection> detections;
  try {
    // Image ids given as file name stems (Ultralytics) name the ground truth's images.
    detections = resolveImageNames(*read, *gt);
  } catch (const std::exception& e) {
    check.resultsError = message(e);
    return check;
  }
  check.resultsError = detectionsProblem(detections, *gt, layout);
  check.summary = QObject::tr(
                      "%1 image(s), %2 annotation(s) \u00b7 %3 detection(s) \u00b7 %4 "
                      "joints (%5), sigmas from %6")
                      .arg(gt->images.size())
                      .arg(gt->annotations.size())
                      .arg(detections.size())
                      .arg(layout.skeleton.joints.size())
                      .arg(QString::fromStdString(layout.skeleton.name),
                           QString::fromStdString(layout.sigmasFrom));
  return check;
}

ImportOptions importOptionsOf(const PredictionsForm& form) {
  ImportOptions options;
  options.groundTruth = form.groundTruth.toStdString();
  options.results = form.results.toStdString();
  options.imagesDir = form.imagesDir.toStdString();
  options.layout = layoutChoiceOf(form);
  return options;
}

QString defaultImportFolder(const QString& resultsFile, const QString& dataLocation) {
  const QDir imports(QDir(dataLocation).filePath(QStringLiteral("imports")));
  QString stem = QFileInfo(resultsFile).completeBaseName();
  if (stem.isEmpty()) stem = QStringLiteral("predictions");
  QString candidate = imports.filePath(stem);
  for (int n = 2; QFileInfo::exists(candidate); ++n)
    candidate = imports.filePath(QStringLiteral("%1-%2").arg(stem).arg(n));
  return candidate;
}

bool looksLikeResultsFile(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return false;
  const QByteArray head = file.read(4096).trimmed();
  return head.startsWith('[') && head.contains("\"keypoints\"");
}

}  // namespace posescope
