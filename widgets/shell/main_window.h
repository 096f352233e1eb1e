#pragma once
// PoseScope's main window: the pages, the menus and the status bar over one RunSession.

#include <QMainWindow>

class QTabWidget;

namespace posescope {

class CompareRunDialog;
class CompareView;
class ExperimentSetupPage;
class ExperimentView;
class ExportActions;
class MainMenus;
class InspectView;
class ResultsView;
class RunProgressView;
class RunSession;
class RunSetupView;
class SearchSession;
class SearchView;
class SessionStatus;
class TimingView;
struct RunSetup;

/// Top-level window. The RunSession owns runs and run folders; the window wires its signals to
/// the pages and the pages' requests to it, and shows what happens in the status bar.
class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  enum Page {
    ExperimentPage,
    RunPage,
    ResultsPage,
    InspectPage,
    TimingPage,
    ComparePage,
    SearchPage
  };

  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  RunSession* session() const { return session_; }
  ExperimentView* experimentView() const;
  RunSetupView* runSetupView() const { return setupView_; }
  RunProgressView* runView() const { return runView_; }
  ResultsView* resultsView() const { return resultsView_; }
  InspectView* inspectView() const { return inspectView_; }
  CompareView* compareView() const { return compareView_; }
  TimingView* timingView() const { return timingView_; }
  SearchView* searchView() const { return searchView_; }
  SearchSession* searchSession() const { return searchSession_; }
  ExportActions* exportActions() const { return exportActions_; }
  QTabWidget* pages() const { return pages_; }

  /// Routes `path` by type (classifyPath): a config, arch or checkpoint fills the setup, a
  /// dataset folder its root, a run folder is opened (in the background). Returns false (and
  /// says why in the status bar) for anything else.
  bool openFile(const QString& path);
  /// How a failure to read run folders is reported: in the status bar, or also in a message box
  /// (folders the user just chose in a dialog).
  enum FailureReport { StatusOnly, WarnOnFailure };
  /// Reads the run folder `dir` in the background, then shows it on the Results, Run and Inspect
  /// pages; a folder that cannot be read is reported as `report` says.
  void openRunFolder(const QString& dir, FailureReport report = StatusOnly);
  /// Reads two run folders in the background, then shows the Compare page on them.
  void compareRuns(const QString& dirA, const QString& dirB, FailureReport report = StatusOnly);
  /// Shows the Inspect page on dataset image `datasetIndex` of the run shown; false when the run
  /// has no record of it.
  bool inspectImage(std::size_t datasetIndex);
  /// Selects dataset image `datasetIndex` on the Results, Inspect and Timing pages without
  /// changing page; false when the run shown has no record of it.
  bool selectImage(std::size_t datasetIndex);
  /// Shows the search folder `dir` on the Search page (read in the background, followed live).
  void openSearchFolder(const QString& dir);
  /// Asks for a search folder and opens it.
  void chooseSearchFolder();
  /// Starts a run with the current setup; false when the setup is invalid or a run is going.
  bool startRun();
  /// Run > Run A and B to Compare: opens the (window-modal) dialog with the Experiment page's
  /// setup as A (the last pair's A when the page's setup is not valid) and the last pair's B
  /// (else A again); its Run button starts the pair and closes it once the runs have started
  /// (a refusal is shown over it). Returns the dialog, which deletes itself when closed.
  CompareRunDialog* showRunPairDialog();
  /// RunSession::startRunPair, saying a refusal in the status bar too.
  bool startRunPair(const RunSetup& a, const RunSetup& b, QString* error = nullptr);
  /// Help > Open Demo: the embedded demo model on the synthetic dataset, then a run.
  void openDemo();
  /// Help > Compare Demo Architectures: the demo model (A) and its smaller sibling (B), run one
  /// after the other, then the Compare page.
  void openDemoComparison();
  /// Help > Search Demo: a short search of the demo supernet on the demo dataset, shown live on
  /// the Search page (a new folder under the demo cache each time).
  void openSearchDemo();
  /// The Results page's Resume: continues the interrupted run folder `dir` (RunSession::resumeRun);
  /// false, and the status bar says why, while a run goes.
  bool resumeRun(const QString& dir);
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
  void connectSession();
  void connectPagesToEachOther();
  /// Shows `message` in the status bar, after switching to page `page` (-1: stay).
  void showStatus(const QString& message, int page = -1);
  void updateTitle();

  RunSession* session_ = nullptr;
  QTabWidget* pages_ = nullptr;
  ExperimentSetupPage* experimentPage_ = nullptr;
  RunSetupView* setupView_ = nullptr;  // the Experiment page's form
  RunProgressView* runView_ = nullptr;
  ResultsView* resultsView_ = nullptr;
  InspectView* inspectView_ = nullptr;
  TimingView* timingView_ = nullptr;
  CompareView* compareView_ = nullptr;
  SearchSession* searchSession_ = nullptr;
  SearchView* searchView_ = nullptr;
  ExportActions* exportActions_ = nullptr;
  MainMenus* menus_ = nullptr;
  SessionStatus* status_ = nullptr;
};

}  // namespace posescope
