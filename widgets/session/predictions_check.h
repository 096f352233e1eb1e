#pragma once
// File → Open Predictions…: the fields of an import (ground truth, results file, images, skeleton
// file, category) checked as importPredictions would read them, each problem named for its field,
// and where the run folder goes by default. Plain functions for pool threads; no widgets.

#include <QDateTime>
#include <QString>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "eval/keypoint_data.h"
#include "eval/results_io.h"
#include "pipeline/run_import.h"

namespace posescope {

/// What the dialog's fields say; empty strings for fields not filled in.
struct PredictionsForm {
  QString groundTruth;
  QString results;
  QString imagesDir;  // optional
  QString skeleton;   // optional skeleton file (docs/skeletons.md)
  QString sigmas;     // optional OKS sigmas, comma separated (instead of a skeleton file)
  std::optional<std::int64_t> categoryId;
};

/// A keypoint category the user may pick.
struct CategoryChoice {
  std::int64_t id = 0;
  QString label;  // "animal (id 1, 6 joints)"
};

/// The check of a form: one message per field ("" when that field is fine or empty).
struct PredictionsCheck {
  QString groundTruthError, resultsError, imagesError, skeletonError, sigmasError, categoryError;
  /// What is odd in the ground truth but scored as the reference scores it (CrowdPose's file with
  /// COCO's skeleton; docs/inputs.md), shown under its field: no error, the import can run.
  QString groundTruthWarning;
  /// The ground truth's keypoint categories when their layouts differ (a category must be
  /// chosen); empty otherwise.
  std::vector<CategoryChoice> categories;
  /// What will be imported ("5 images, 11 people · 9 detections · 6 joints, sigmas from …");
  /// "" until the ground truth and results are both read.
  QString summary;
  bool complete = false;  // ground truth and results are given
  /// Complete and no field has an error: importPredictions can run.
  bool ok() const;
};

/// The last ground truth and results file read, kept between checks so that settling another
/// field does not read them again (a large ground truth takes seconds). Thread-safe.
class PredictionsInputs {
 public:
  /// The ground truth at `path`, read again only when the file changed. Throws as
  /// loadGroundTruth.
  std::shared_ptr<const KeypointGroundTruth> groundTruth(const QString& path);
  /// The detections at `path`, read again only when the file changed, with image ids given as
  /// file name stems kept for resolveImageNames. Throws as loadResultsWithImageNames.
  std::shared_ptr<const ResultsWithImageNames> results(const QString& path);

 private:
  template <typename T>
  struct Cached {
    QString path;
    QDateTime modified;
    qint64 size = -1;
    std::shared_ptr<const T> value;
    /// `value` when `file` is unchanged since it was read, else read(file) kept.
    template <typename Read>
    std::shared_ptr<const T> get(std::mutex& mutex, const QString& file, Read read);
  };
  std::mutex mutex_;
  Cached<KeypointGroundTruth> groundTruth_;
  Cached<ResultsWithImageNames> results_;
};

/// Checks `form` as importPredictions would read it (files read through `inputs`): the ground
/// truth has keypoint categories, the results file reads and its joints match the layout, the
/// skeleton file reads, the layout resolves (sigmas known, one category when layouts differ), the
/// images folder exists and holds the ground truth's first image. Slow (reads files): call it off
/// the GUI thread. Never throws.
PredictionsCheck checkPredictions(const PredictionsForm& form, PredictionsInputs& inputs);

/// The import options of a checked `form` (the skeleton file read again). Throws EvalError when
/// the skeleton file cannot be read.
ImportOptions importOptionsOf(const PredictionsForm& form);

/// Where an import of `resultsFile` goes unless the user says otherwise: a new folder named after
/// the file under `dataLocation`/imports (QStandardPaths' AppDataLocation), "-2", "-3", … added
/// when the name is taken. Reads only whether folders exist. Never fails.
QString defaultImportFolder(const QString& resultsFile, const QString& dataLocation);

/// Whether `path` is a keypoint results file by its first 4 KiB (a JSON list whose first entry
/// has "keypoints"), so that a dropped one opens the import and an architecture JSON the setup.
/// Never fails.
bool looksLikeResultsFile(const QString& path);

}  // namespace posescope
