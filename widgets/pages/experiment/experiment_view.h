#pragma once
// The experiment page: config file, arch file and overrides in, merged config and arch out,
// with load errors and warnings shown inline.

#include <QWidget>
#include <optional>

#include "config/experiment.h"
#include "widgets/session/latest_job.h"

class QLabel;
class QLineEdit;
class QListWidget;
class QTreeView;
class QTableView;
class QSortFilterProxyModel;
class QSplitter;

namespace posescope {

class ArchTableModel;
class ConfigTreeModel;

/// Loads an experiment from its three inputs and shows the result; never throws: a bad input
/// becomes a message under the fields and the previous view is cleared.
class ExperimentView : public QWidget {
  Q_OBJECT
 public:
  explicit ExperimentView(QWidget* parent = nullptr);

  void setConfigFile(const QString& path);
  void setArchFile(const QString& path);
  void setOverrides(const QString& overrides);
  /// Shows or hides the three input fields, the error line and the unknown-key warnings (hidden
  /// when another form, such as the run setup, drives the view through showExperiment() and
  /// shows them itself).
  void setInputsVisible(bool visible);
  /// Shows an experiment loaded elsewhere (nullopt clears the tree and table); loads nothing.
  void showExperiment(const std::optional<Experiment>& experiment);
  /// Config tree and arch table side by side (Horizontal) or stacked (Vertical).
  void setPreviewOrientation(Qt::Orientation orientation);

  QString configFile() const { return configFile_; }
  QString archFile() const { return archFile_; }
  /// The loaded experiment, or nullopt while inputs are missing or invalid.
  const std::optional<Experiment>& experiment() const { return experiment_; }
  /// The last load error ("" when the experiment loaded).
  QString errorText() const;
  const ConfigTreeModel* configModel() const { return configModel_; }
  const ArchTableModel* archModel() const { return archModel_; }

 public:
  /// While paused (a run is building its own network), per-stage costs wait; they are computed
  /// when resumed. Never fails.
  void setCostsPaused(bool paused);

 Q_SIGNALS:
  /// Emitted after every reload, successful or not.
  void experimentChanged();
  /// Emitted when the per-stage parameters and multiply-adds of the shown network arrive.
  void costsComputed();

 private:
  QWidget* buildInputs();
  QWidget* buildConfigPane();
  QWidget* buildArchPane();
  void reload();
  void scheduleCostComputation(const QString& caption);
  void startCostComputation(const QString& caption);
  void display();

  LatestJob costJob_;
  bool costPending_ = false;
  bool costsPaused_ = false;
  QString pendingCaption_;
  class QTimer* costDebounce_ = nullptr;
  QString configFile_;
  QString archFile_;
  QString overrides_;
  std::optional<Experiment> experiment_;

  QWidget* inputs_ = nullptr;
  QSplitter* splitter_ = nullptr;
  QLineEdit* configEdit_ = nullptr;
  QLineEdit* archEdit_ = nullptr;
  QLineEdit* overridesEdit_ = nullptr;
  QLabel* errorLabel_ = nullptr;
  QListWidget* warnings_ = nullptr;
  QLineEdit* filterEdit_ = nullptr;
  QTreeView* configTree_ = nullptr;
  QTableView* archTable_ = nullptr;
  QLabel* archCaption_ = nullptr;
  ConfigTreeModel* configModel_ = nullptr;
  QSortFilterProxyModel* configProxy_ = nullptr;
  ArchTableModel* archModel_ = nullptr;
};

}  // namespace posescope
