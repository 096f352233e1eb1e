#pragma once
// The Runs page: every run folder under the library's folders as a table (sortable, filtered by
// a text), a stat against MACs, parameters or ms per image with the Pareto front (the shared
// ParetoScatter), runs on another ground truth than the chosen one greyed; a sweep's stat
// against epoch with its bootstrap band; two runs compared, several against a baseline with
// paired-bootstrap intervals; a run opened by double-click.

#include <QStringList>
#include <QWidget>
#include <string>

#include "widgets/session/latest_job.h"
#include "widgets/session/run_library_session.h"

class QComboBox;
class QLabel;
class QLayout;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;

namespace posescope {

class BaselineComparisonModel;
class ParetoScatter;
class RunLibraryModel;
class SweepCurve;

class RunsView : public QWidget {
  Q_OBJECT
 public:
  /// What the scatter's horizontal axis shows.
  enum class Cost { Gmacs, ParametersM, MsPerImage };

  /// Presents `session` (not owned; it outlives the view).
  explicit RunsView(RunLibrarySession* session, QWidget* parent = nullptr);

  /// The stat drawn on the scatter's and the sweep's vertical axis (as metrics --json names
  /// it); false when no run has it.
  bool setStat(const QString& name);
  void setCost(Cost cost);
  /// Draws the runs on ground truth `key` (groundTruthKey) in colour, the others grey; false
  /// when no run of the library is on it.
  bool setGroundTruth(const QString& key);
  /// The ground truth chosen (groundTruthKey), empty when the library has no run.
  QString groundTruth() const;
  /// Shows the sweep in folder `sweepDir` (LibraryRun::sweep) on the sweep plot beside the
  /// scatter (shown while the library has a sweep); false when the library has no such sweep.
  bool showSweep(const QString& sweepDir);
  /// The sweep plot's line: a sweep shown, or why none is.
  QString sweepText() const;

  /// Selects the rows of the run folders `dirs` in the table (the others unselected).
  void selectRuns(const QStringList& dirs);
  /// The run folders selected in the table, in table order.
  QStringList selectedRuns() const;
  /// The baseline of the table of several runs: `dir`, or none when empty.
  void setBaseline(const QString& dir);
  /// Compares the runs `dirs` with `baselineDir` (which may be among them) off the GUI thread
  /// and shows the table of them (the Against Baseline tab); refuses, saying why on that tab,
  /// runs on another ground truth than the baseline's.
  void compareWithBaseline(const QStringList& dirs, const QString& baselineDir);
  /// The Against Baseline tab's line: what is shown, being computed, or why it cannot be.
  QString baselineText() const;
  /// The line above the table: how many runs, folders that cannot be read, scanning.
  QString statusText() const;

  RunLibraryModel* model() const { return model_; }
  QSortFilterProxyModel* proxy() const { return proxy_; }
  QTableView* table() const { return table_; }
  QLineEdit* filterEdit() const { return filter_; }
  ParetoScatter* scatter() const { return scatter_; }
  SweepCurve* sweepCurve() const { return sweepCurve_; }
  BaselineComparisonModel* baselineModel() const { return baselineModel_; }
  QPushButton* compareButton() const { return compare_; }
  QPushButton* baselineButton() const { return againstBaseline_; }

 Q_SIGNALS:
  /// Open run folder `dir` (as File → Open Run Folder).
  void openRunRequested(const QString& dir);
  /// Compare two run folders on the Compare page (as File → Compare Runs).
  void compareRequested(const QString& dirA, const QString& dirB);
  /// File → Add Runs Folder….
  void addFolderRequested();

 private:
  /// The library's folders, Add Folder…, Remove and the scan's status.
  QLayout* buildFolderBar();
  /// The filter, the ground truth and the scatter's axes.
  QLayout* buildChoiceBar();
  /// The scatter (the Pareto front) beside the sweep's curve, in halves.
  QWidget* buildPlots();
  /// The runs table under its buttons, and the baseline comparison, as tabs.
  QWidget* buildLowerTabs();
  void connectControls();
  void showLibrary();
  void showFolders(const QStringList& folders);
  void fillChoices();
  void replot();
  void redrawSweep();
  void updateButtons();
  void onSelectionChanged();
  /// The run of folder `dir` in the library; null when there is none.
  const LibraryRun* runOf(const QString& dir) const;
  std::string statName() const;

  RunLibrarySession* session_;
  Cost cost_ = Cost::Gmacs;
  QString baseline_;
  LatestJob baselineJob_;  // only the latest comparison is shown
  QComboBox* folders_;
  QPushButton *addFolder_, *removeFolder_;
  QLabel* status_;
  QLineEdit* filter_;
  QComboBox *groundTruths_, *stats_, *costs_, *sweeps_;
  QWidget* plots_;  // the scatter and the sweep pane
  QWidget* sweepPane_;
  ParetoScatter* scatter_;
  SweepCurve* sweepCurve_;
  QLabel* sweepLine_;
  RunLibraryModel* model_;
  QSortFilterProxyModel* proxy_;
  QTableView* table_;
  QTabWidget* lowerTabs_;
  QPushButton *open_, *compare_, *useAsBaseline_, *againstBaseline_;
  QLabel* baselineLabel_;
  BaselineComparisonModel* baselineModel_;
  QLabel* baselineLine_;
  QTableView* baselineTable_;
};

}  // namespace posescope
