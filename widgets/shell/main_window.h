#pragma once
// PoseScope's main window: the pages, the menus and the status bar over one RunSession.

#include <QMainWindow>

class QTabWidget;

namespace posescope {

class CompareRunDialog;
class CompareView;
class DemoLauncher;
class ExperimentSetupPage;
class ExportActions;
class MainMenus;
class OpenPredictionsDialog;
class InspectView;
class ResultsView;
class RunProgressView;
class RunSession;
class RunSetupView;
class SearchSession;
class SearchView;
class SessionStatus;
class TimingView;
class RunDocument;
class RunLibrarySession;
class RunsView;
struct EvalParams;
struct RunSetup;

/// Top-level window. The RunSession owns runs and run folders, and its RunDocument what the
/// pages show (the run, the comparison, the current image); the pages follow them. The window
/// answers the pages' requests (inspect an image, resume, run a pair), switches pages and shows
/// what happens in the status bar.
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
    SearchPage,
    RunsPage
  };
  /// The tabs below the Results page's summary (Images, Where the AP goes, Annotation QA, Curves)
  /// and the Compare page's metrics (Summary, Time per stage, Where the AP goes, Curves).
  enum DetailTab { ImagesTab, SummaryTab, TimingTab, AnalysisTab, AnnotationQaTab, CurvesTab };

  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  RunSession* session() const { return session_; }
  /// What the pages show (the session's document).
  RunDocument* document() const;
  RunSetupView* runSetupView() const { return setupView_; }
  RunProgressView* runView() const { return runView_; }
  ResultsView* resultsView() const { return resultsView_; }
  InspectView* inspectView() const { return inspectView_; }
  CompareView* compareView() const { return compareView_; }
  RunsView* runsView() const { return runsView_; }
  /// The run library the Runs page shows (its folders, their runs).
  RunLibrarySession* runLibrary() const { return runLibrary_; }
  ExportActions* exportActions() const { return exportActions_; }
  QTabWidget* pages() const { return pages_; }

  /// openPathIn(this, path) (dropped_paths.h): a run folder opens, a config, arch, checkpoint
  /// or dataset folder fills the setup; false, said in the status bar, for anything else.
  bool openFile(const QString& path);
  /// How a failure to read run folders is reported: in the status bar, or also in a message box
  /// (folders the user just chose in a dialog).
  enum FailureReport { StatusOnly, WarnOnFailure };
  /// Reads the run folder `dir` in the background, then shows it on the Results, Run and Inspect
  /// pages; a folder that cannot be read is reported as `report` says.
  void openRunFolder(const QString& dir, FailureReport report = StatusOnly);
  /// Reads two run folders in the background, then shows the Compare page on them.
  void compareRuns(const QString& dirA, const QString& dirB, FailureReport report = StatusOnly);
  /// Makes dataset image `datasetIndex` of the run shown the document's current image and shows
  /// the Inspect page; false (nothing changes) when the run has no record of it.
  bool inspectImage(std::size_t datasetIndex);
  void showPage(Page page);
  /// Shows `tab` on the Results page (ImagesTab, AnalysisTab, AnnotationQaTab, CurvesTab) and
  /// the Compare page (SummaryTab, TimingTab, AnalysisTab, CurvesTab).
  void showDetailTab(DetailTab tab);
  /// Opens the Results page's evaluation settings on `settings` and evaluates the run shown with
  /// them (RunAnalysisSession::reevaluate).
  void reevaluate(const EvalParams& settings);
  /// Shows the search folder `dir` on the Search page (read in the background, followed live).
  void openSearchFolder(const QString& dir);
  /// Asks for a search folder and opens it.
  void chooseSearchFolder();
  /// File > Add Runs Folder…: asks for a folder, adds it to the run library (remembered) and
  /// shows the Runs page.
  void chooseRunsFolder();
  /// Starts a run with the current setup; false when the setup is invalid or a run is going.
  bool startRun();
  /// Run > Run A and B to Compare: opens the (window-modal) dialog with the Experiment page's
  /// setup as A (the last pair's A when the page's setup is not valid) and the last pair's B
  /// (else A again); its Run button starts the pair and closes it once the runs have started
  /// (a refusal is shown over it). Returns the dialog, which deletes itself when closed.
  CompareRunDialog* showRunPairDialog();
  /// File > Open Predictions… (and a results file dropped on the window: `resultsFile` filled
  /// in): the import dialog, window-modal; the run folder it writes opens on the Results page.
  /// Returns the dialog, which deletes itself when closed.
  OpenPredictionsDialog* showOpenPredictionsDialog(const QString& resultsFile = {});
  /// RunSession::startRunPair, saying a refusal in the status bar too.
  bool startRunPair(const RunSetup& a, const RunSetup& b, QString* error = nullptr);
  /// Help > Open Demo, Compare Demo Architectures and Search Demo.
  DemoLauncher* demos() const { return demos_; }
  /// The Results page's Resume: continues the interrupted run folder `dir` (RunSession::resumeRun);
  /// false, and the status bar says why, while a run goes.
  bool resumeRun(const QString& dir);
  /// Asks the run in progress to stop (within one forward pass) and a run pair to start no more.
  void cancelRun();
  /// Fills the setup from the settings saved by the last session (QSettings).
  void restoreLastSetup();
  /// Saves the setup and the window geometry (QSettings).
  void saveSettings() const;
  /// Shows `message` in the status bar, after switching to page `page` (-1: stay).
  void showStatus(const QString& message, int page = -1);

 protected:
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;
  void closeEvent(QCloseEvent* event) override;

 private:
  void connectSession();
  /// The setup's checks into the menus, the status bar and the title.
  void connectSetup();
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
  RunLibrarySession* runLibrary_ = nullptr;
  RunsView* runsView_ = nullptr;
  ExportActions* exportActions_ = nullptr;
  DemoLauncher* demos_ = nullptr;
  MainMenus* menus_ = nullptr;
  SessionStatus* status_ = nullptr;
};

}  // namespace posescope
