#pragma once
// The dialog that sets up two runs, A and B, on the same dataset, to be run one after the other
// and compared.

#include <QDialog>

#include "widgets/session/run_pair.h"

class QLabel;
class QPushButton;

namespace posescope {

class RunSetupView;

/// Two run-setup forms side by side (experiment YAML, arch JSON, checkpoint, dataset, overrides,
/// device, output folder each), validated as they change like the Experiment page's. "Run A,
/// then B" is enabled only when both are valid and evaluate the same images (otherwise the
/// reason is shown under the forms) and emits runRequested(); whoever starts the runs closes
/// the dialog with accept() once they have started, so a refused start loses nothing. Never
/// throws.
class CompareRunDialog : public QDialog {
  Q_OBJECT
 public:
  enum Side { A, B };

  explicit CompareRunDialog(QWidget* parent = nullptr);

  /// Fills both forms and validates.
  void setSetups(const RunSetup& a, const RunSetup& b);
  RunSetup setup(Side side) const;
  RunSetupView* setupView(Side side) const { return side == A ? viewA_ : viewB_; }
  /// Copies every field of A into B (then change B's architecture and checkpoint).
  void copyAToB();
  /// Both sides' checks and the pair's; valid after every validation.
  const RunPairCheck& check() const { return check_; }
  /// Shows why the runs could not start (e.g. another run is going) under the forms, until the
  /// next validation.
  void showRunError(const QString& message);
  /// The message under the forms ("" when the two can be compared and nothing was refused).
  QString pairErrorText() const;
  QPushButton* runButton() const { return runButton_; }

 Q_SIGNALS:
  /// After either side validated; check() holds the result.
  void validated();
  /// "Run A, then B" was pressed with a valid pair.
  void runRequested();

 private:
  void updateCheck();

  RunSetupView* viewA_ = nullptr;
  RunSetupView* viewB_ = nullptr;
  QLabel* pairError_ = nullptr;
  QPushButton* runButton_ = nullptr;
  RunPairCheck check_;
  // datasetDifference reads both annotation files when their paths differ: remembered for the
  // experiments' dataset keys so typing elsewhere does not read them again.
  QString differenceKey_, difference_;
};

}  // namespace posescope
