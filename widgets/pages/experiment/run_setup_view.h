#pragma once
// The run-setup form: inputs of one evaluation, validated as they change, and the Run button.

#include <QMap>
#include <QWidget>

#include "widgets/session/latest_job.h"
#include "widgets/session/path_kind.h"
#include "widgets/session/run_setup.h"

class QComboBox;
class QFormLayout;
class QLabel;
class QLayout;
class QLineEdit;
class QPushButton;
class QTableView;
class QTimer;

namespace posescope {

class CheckpointCheck;
class DeviceProbe;
class FieldMessage;
class OverrideTableModel;

/// Experiment YAML, arch JSON, checkpoint, dataset root, KEY VALUE overrides, device and output
/// folder. Every change re-runs checkRunSetup (after a short pause while typing); each error is
/// shown under its field, in a slot kept for it so that no field moves, and Run is enabled only
/// when there is none. YAML keys valid.py would add silently are noted under the YAML field
/// (computed in the background; Run stays possible, as valid.py runs). Never throws.
class RunSetupView : public QWidget {
  Q_OBJECT
 public:
  explicit RunSetupView(QWidget* parent = nullptr);

  /// The form's current values.
  RunSetup setup() const;
  /// Fills every field from `setup` and validates at once.
  void setSetup(const RunSetup& setup);
  void setConfigFile(const QString& path);
  void setArchFile(const QString& path);
  void setCheckpoint(const QString& path);
  void setDatasetRoot(const QString& path);
  /// Puts `path` in the field of its kind (config, arch, checkpoint, dataset root); false (and
  /// nothing changes) for another kind.
  bool setPath(PathKind kind, const QString& path);
  void setOverrides(const QStringList& flatKeyValues);
  void setDevice(const QString& device);
  void setOutputDir(const QString& dir);
  /// Enables or disables editing and Run (while a run is in progress).
  void setRunning(bool running);

  /// Shows or hides the Run button (hidden where another button starts the run).
  void setRunButtonVisible(bool visible);

  /// Shows `message` (why the last run did not start) under `field` until the next validation.
  void showStartError(SetupField field, const QString& message);

  /// Validates now (instead of after the typing pause).
  void validateNow();
  const SetupCheck& check() const { return check_; }
  /// check().ok(), and the background check has not found that the checkpoint does not load into
  /// the network (it may still be in flight: the run's own load is the final word).
  bool canRun() const;
  /// Whether the background check of the checkpoint against the network is pending or running.
  bool isCheckingCheckpoint() const;
  CheckpointCheck* checkpointCheck() const { return fitCheck_; }
  /// The notes shown under the YAML field (keys valid.py would add silently, with their
  /// did-you-mean and the value the run uses), one a line; "" while an error is shown there.
  QString warningText() const;
  /// The error shown under `field` ("" when none).
  QString fieldError(SetupField field) const;
  QPushButton* runButton() const { return runButton_; }

 Q_SIGNALS:
  /// After every validation; check() holds the result.
  void validated();
  /// The background check of the checkpoint against the network answered (canRun() may have
  /// changed; the field shows the answer).
  void checkpointChecked();
  /// The user pressed Run with a valid setup.
  void runRequested();

 private:
  void addOverridesRow(QFormLayout* form);
  void addDeviceRow(QFormLayout* form);
  QLayout* buildRunRow();
  QLineEdit* addPathRow(QFormLayout* form, const QString& label, const QString& placeholder,
                        SetupField field, const QString& filter, bool directory);
  FieldMessage* addMessageSlot(SetupField field);
  void requestKeyNotes();
  void scheduleValidation();
  void showCheck();

  DeviceProbe* devices_ = nullptr;  // the combo lists its devices once it answers
  SetupCheck check_;
  bool running_ = false;
  bool batch_ = false;  // setSetup in progress: validate once at its end
  QLineEdit* configEdit_ = nullptr;
  QLineEdit* archEdit_ = nullptr;
  QLineEdit* checkpointEdit_ = nullptr;
  QLineEdit* datasetEdit_ = nullptr;
  QLineEdit* outputEdit_ = nullptr;
  QComboBox* deviceCombo_ = nullptr;
  QTableView* overrideTable_ = nullptr;
  OverrideTableModel* overrideModel_ = nullptr;
  QMap<SetupField, FieldMessage*> messages_;
  QLabel* summaryLabel_ = nullptr;
  QStringList keyNotes_;   // unknownKeyNotes of the experiment last loaded
  LatestJob keyNotesJob_;  // answers for an older experiment are dropped
  CheckpointCheck* fitCheck_ = nullptr;
  QString fitKey_;    // the inputs the background check was asked about
  QString fitError_;  // its answer ("" fits), valid when fitKnown_
  bool fitKnown_ = false;
  QPushButton* runButton_ = nullptr;
  QTimer* validateTimer_ = nullptr;
};

}  // namespace posescope
