#pragma once
// File → Open Predictions…: predictions made elsewhere (a keypoint results file) imported with
// their ground truth into a run folder, which then opens like any other.

#include <QDialog>
#include <memory>

#include "widgets/session/latest_job.h"
#include "widgets/session/predictions_check.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTimer;

namespace posescope {

class ElidedLabel;

/// Ground truth, results file, images folder (optional), skeleton file or sigmas (optional),
/// category (shown only when the ground truth's keypoint categories have different joints) and the
/// run folder to write. The fields are checked off the GUI thread once typing settles
/// (checkPredictions; only the latest check is shown), each problem under its field in space kept
/// for it. Import runs importPredictions off the GUI thread and emits imported() with the run
/// folder; a failure is shown in the dialog and nothing is written. Never throws.
class OpenPredictionsDialog : public QDialog {
  Q_OBJECT
 public:
  /// `dataLocation`: where new run folders go by default (defaultImportFolder).
  explicit OpenPredictionsDialog(const QString& dataLocation, QWidget* parent = nullptr);

  /// Fills the results file (a dropped file) and checks; the run folder follows it unless the
  /// user typed one.
  void setResultsFile(const QString& path);
  /// Fills every field and checks at once.
  void setForm(const PredictionsForm& form);
  PredictionsForm form() const;
  /// The run folder the import writes.
  QString outputFolder() const;
  void setOutputFolder(const QString& dir);
  /// Checks the fields now instead of when typing settles.
  void checkNow();
  /// The latest check shown (valid after checked()).
  const PredictionsCheck& check() const { return check_; }
  /// The message under each field, in form order: ground truth, results, images, skeleton,
  /// sigmas, category ("" where fine): an error, or for the ground truth a warning that blocks
  /// nothing.
  QStringList fieldErrors() const;
  /// The line above the buttons: what will be imported, or why the import failed.
  QString statusText() const;
  QComboBox* categoryBox() const { return category_; }
  QPushButton* importButton() const { return importButton_; }
  /// Starts the import (as the Import button does); false when the check does not allow it.
  bool startImport();

 Q_SIGNALS:
  /// A check of the fields as they are now was shown.
  void checked();
  /// The run folder `runDir` was written; the dialog has accepted.
  void imported(const QString& runDir);
  /// The import failed with `message` (also shown in the dialog).
  void importFailed(const QString& message);

 private:
  enum class Browse { No, ForFile, ForFolder };
  /// A row of the form: label, line edit, a Browse… button unless `browse` is No, and the line
  /// under it for `error` (nullptr: none).
  QLineEdit* addField(const QString& label, const QString& placeholder, Browse browse,
                      const QString& filter, ElidedLabel** error);
  void fieldEdited();
  void showCheck(const PredictionsCheck& check);
  void updateCategories(const std::vector<CategoryChoice>& categories);
  void setBusy(bool busy);

  QString dataLocation_;
  QLineEdit* groundTruth_ = nullptr;
  QLineEdit* results_ = nullptr;
  QLineEdit* images_ = nullptr;
  QLineEdit* skeleton_ = nullptr;
  QLineEdit* sigmas_ = nullptr;
  QLineEdit* output_ = nullptr;
  QComboBox* category_ = nullptr;
  QLabel* categoryLabel_ = nullptr;
  ElidedLabel* groundTruthError_ = nullptr;
  ElidedLabel* resultsError_ = nullptr;
  ElidedLabel* imagesError_ = nullptr;
  ElidedLabel* skeletonError_ = nullptr;
  ElidedLabel* sigmasError_ = nullptr;
  ElidedLabel* categoryError_ = nullptr;
  QLabel* status_ = nullptr;
  QPushButton* importButton_ = nullptr;
  QTimer* settle_ = nullptr;
  std::shared_ptr<PredictionsInputs> inputs_ = std::make_shared<PredictionsInputs>();
  PredictionsCheck check_;
  LatestJob checkJob_;     // of the latest check asked for; older answers are dropped
  bool checking_ = false;  // the latest check has not answered yet
  bool importing_ = false;
  bool outputEdited_ = false;  // the user typed a run folder: it no longer follows the results
};

}  // namespace posescope
