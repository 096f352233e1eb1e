#pragma once
// The Experiment page: the run-setup form beside the preview of the experiment it describes.

#include <QSplitter>

class QSettings;

namespace posescope {

class ExperimentView;
class RunSetupView;

/// RunSetupView (scrollable) on the left, ExperimentView (config tree, arch table, stage costs)
/// on the right, showing the experiment each validation of the form loads. Never throws.
class ExperimentSetupPage : public QSplitter {
  Q_OBJECT
 public:
  explicit ExperimentSetupPage(QWidget* parent = nullptr);

  RunSetupView* setupView() const { return setupView_; }
  /// Disables the form's Run button and pauses the arch cost computation while `running`.
  void setRunning(bool running);
  /// Writes the form's setup under "setup" of `settings`.
  void saveSetup(QSettings& settings) const;
  /// Fills the form from "setup" of `settings`; nothing when none was saved.
  void restoreSetup(const QSettings& settings);

 private:
  RunSetupView* setupView_ = nullptr;
  ExperimentView* experimentView_ = nullptr;
  bool running_ = false;
};

}  // namespace posescope
