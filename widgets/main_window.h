#pragma once
// PoseScope's main window: Experiment (run setup), Run (progress, log) and Results pages, menus,
// drag and drop, recent files and last settings.

#include <QMainWindow>
#include <functional>

#include "demo_setup.h"

class QAction;
class QMenu;
class QTabWidget;

namespace posescope {

class CompareRunDialog;
class CompareView;
class ExperimentView;
class ExportMenu;
class InspectView;
class ResultsView;
class RunController;
class RunProgressView;
class RunQueue;
class RunSetupView;
class TimingView;
struct RunOutcome;
struct RunSetup;

/// Top-level window. Runs evaluations on a background thread through RunController; the GUI
/// thread only shows values it receives.
class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  enum Page { ExperimentPage, RunPage, ResultsPage, InspectPage, TimingPage, ComparePage };

  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  ExperimentView* experimentView() const { return experimentView_; }
  RunSetupView* runSetupView() const { return setupView_; }
  RunProgressView* runView() const { return runView_; }
  ResultsView* resultsView() const { return resultsView_; }
  InspectView* inspectView() const { return inspectView_; }
  TimingView* timingView() const { return timingView_; }
  CompareView* compareView() const { return compareView_; }
  ExportMenu* exportMenu() const { return exportMenu_; }
  RunController* controller() const { return controller_; }
  RunQueue* runQueue() const { return queue_; }
  QTabWidget* pages() const { return pages_; }

  /// Routes `path` by type: *.yaml/*.yml config, *.json architecture, *.pth/*.pth.tar/*.pt
  /// checkpoint, a folder with run.json a run folder, another folder the dataset root. Returns
  /// false (and says why in the status bar) for anything else or a run folder that fails to load.
  bool openFile(const QString& path);
  /// Shows the run folder `dir` without recomputing; returns false and sets `error` (when given)
  /// to a message naming the problem.
  bool openRunFolder(const QString& dir, QString* error = nullptr);
  /// Shows the Inspect page on dataset image `datasetIndex` of the run shown; false when the run
  /// has no record of it.
  bool inspectImage(std::size_t datasetIndex);
  /// Selects dataset image `datasetIndex` on the Results, Inspect and Timing pages without
  /// changing page; false when the run shown has no record of it.
  bool selectImage(std::size_t datasetIndex);
  /// Shows the Compare page on run folders `dirA` and `dirB`; false and `error` set when they
  /// cannot be read or compared.
  bool compareRuns(const QString& dirA, const QString& dirB, QString* error = nullptr);
  /// Starts a run with the current setup; false when the setup is invalid or a run is going.
  bool startRun();
  /// Run > Run A and B to Compare: opens the (window-modal) dialog with the Experiment page's
  /// setup as A (the last pair's A when the page's setup is not valid) and the last pair's B
  /// (else A again); its Run button calls startRunPair and
  /// closes it once the runs have started (a refusal is shown over it). Returns the dialog,
  /// which deletes itself when closed.
  CompareRunDialog* showRunPairDialog();
  /// Evaluates `a`, then `b`, in the background (the Run and Results pages follow each run) and
  /// shows the Compare page on both run folders when B completes. False, with `error` saying
  /// what to fix, when either setup is invalid, they evaluate different datasets, or a run is in
  /// progress. A failed or cancelled run stops the pair; folders written so far stay.
  bool startRunPair(const RunSetup& a, const RunSetup& b, QString* error = nullptr);
  /// Help > Open Demo: the embedded demo model on the synthetic dataset (generated once into the
  /// cache folder, off the GUI thread), then a run; says what is missing when the files are not
  /// found.
  void openDemo();
  /// Help > Compare Demo Architectures: the demo model (A) and its smaller sibling (B) on the
  /// demo dataset, run one after the other, then the Compare page.
  void openDemoComparison();
  /// Reads a finished run's evaluation for the Inspect page on a worker thread, then shows it.
  void loadInspectionInBackground(const QString& dir);
  /// Asks the run in progress to stop (within one forward pass) and a run pair to start no more.
  void cancelRun();
  /// Fills the setup from the settings saved by the last session (QSettings).
  void restoreLastSetup();
  /// Saves the setup and the window geometry (QSettings).
  void saveSettings() const;

 protected:
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;
  void closeEvent(QCloseEvent* event) override;

 private:
  void createMenus();
  void connectRun();
  void onFinished(const RunOutcome& outcome);
  void prepareViewsForRun(const QString& runDir, const QString& context = QString());
  void connectRunPair();
  /// Locates the demo files and generates the demo dataset off the GUI thread, then calls
  /// `then` (on the GUI thread); says what is wrong instead when either fails.
  void prepareDemo(const std::function<void(const DemoFiles&)>& then);
  void rememberRecent(const QString& path);
  void rebuildRecentMenu();
  void updateTitle();

  QTabWidget* pages_ = nullptr;
  RunSetupView* setupView_ = nullptr;
  ExperimentView* experimentView_ = nullptr;
  RunProgressView* runView_ = nullptr;
  ResultsView* resultsView_ = nullptr;
  InspectView* inspectView_ = nullptr;
  TimingView* timingView_ = nullptr;
  CompareView* compareView_ = nullptr;
  ExportMenu* exportMenu_ = nullptr;
  RunController* controller_ = nullptr;
  RunQueue* queue_ = nullptr;
  QMenu* recentMenu_ = nullptr;
  QAction* runAction_ = nullptr;
  QAction* cancelAction_ = nullptr;
  QAction* runPairAction_ = nullptr;
  QStringList pairResults_;    // "A: demo-arch AP 0.508" of the pair's runs done so far
  bool pairChecking_ = false;  // the pair's runs are being checked; none has started yet
};

/// How a dropped or opened path is used.
enum class PathKind { Config, Arch, Checkpoint, RunFolder, DatasetRoot, Unknown };
/// Classifies `path` by suffix (files) or content (folders: run.json makes a run folder).
PathKind classifyPath(const QString& path);

}  // namespace posescope
